export * from './driver.ts';
export * from './emulator.ts';
export * from './world.ts';
export * from './fake-model.ts';
export * from './fixtures.ts';
export * from './bot-status.ts';
