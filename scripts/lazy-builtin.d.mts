export declare function lazyBuiltin(name: string): string;
