/** This package's version (a test holds it equal to sdk/node/package.json's). */
export const SDK_VERSION = '0.1.0';
