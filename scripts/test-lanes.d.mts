// Types of scripts/test-lanes.mjs (plain JavaScript, so vitest.config.ts and scripts/run-tests.mjs load it as it is).
export declare const PURE_LANE_ENV: string;
export declare function databaseHelpers(root: string): Set<string>;
export declare function databaseReason(root: string, file: string, helpers?: Set<string>): string | undefined;
export declare function unitTestLanes(root: string): { pure: string[]; database: string[] };
export declare function assertDatabaseLane(what: string): void;
