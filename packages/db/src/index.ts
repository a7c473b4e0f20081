export * from './client';
export * from './folder-lock';
export * from './schema/index';
export * from './seed-data/catalogue.v1';
export * from './seed-data/demo.v1';
export * from './seed-data/demo-ship.v1';
