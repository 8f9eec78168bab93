// Types of what eslint.config.js exports, for the tests that read its lists (tests/unit/lint).
import type { Linter } from 'eslint';

export const features: string[];
export const remoteForFeatures: Record<string, string>;
export const boundaryZones: { target: string; from: string | string[]; except?: string[]; message: string }[];
export const packageHomes: Record<string, string[]>;
declare const config: Linter.Config[];
export default config;
