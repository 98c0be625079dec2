// window.__console: the QA entry point listing the visible commands and running one by id.
import { currentCommands, runCommand } from './registry'

export function installConsoleApi(): void {
  if (typeof window === 'undefined') return
  window.__console = {
    commands: () => currentCommands().map((c) => ({
      id: c.id, title: c.title, hotkey: c.hotkey ?? null, path: c.path ?? null,
    })),
    run: (id, args) => runCommand(id, args ?? {}),
  }
}
