export function freePortRun(count: number): Promise<number>;
