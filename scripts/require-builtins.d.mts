export declare const REQUIRE_SHIM: string;
export declare const EAGER_REQUIRE_SHIM: string;
export declare function rewritesBuiltin(specifier: string): boolean;
export declare function requireBuiltins(source: string, file: string, expected?: number): string;
