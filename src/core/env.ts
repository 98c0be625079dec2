// Build-time facts read safely from code that unit tests also import (no browser globals at import time).
export const isDev: boolean = typeof __DEV__ !== 'undefined' && __DEV__ === true
export const hasWindow: boolean = typeof window !== 'undefined'
