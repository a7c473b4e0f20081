export * from './audit';
export * from './accounts';
export * from './projects';
export * from './catalogue';
export * from './mail';
export * from './schedules';
export * from './content';
