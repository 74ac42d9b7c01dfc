export declare const PARTS: ReadonlyArray<{ name: string; binary: string; pkg: string; why: string }>;
