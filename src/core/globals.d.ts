// Globals the browser bundle defines (build.mjs `define`) or exposes (window.__console for QA scripts).
export {}

declare global {
  /** true in development builds (NODE_ENV=development); session storage is then kept readable. */
  const __DEV__: boolean
  interface Window {
    __console?: {
      commands(): { id: string; title: string; hotkey: string | null; path: string | null }[]
      run(id: string, args?: Record<string, unknown>): Promise<unknown>
    }
  }
}
