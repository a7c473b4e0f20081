export * from './audit';
export * from './accounts';
export * from './projects';
export * from './catalogue';
export * from './mail';
export * from './external-sign-in';
export * from './devices';
