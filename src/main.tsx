// Entry: registers every command, starts the keyboard layer and window.__console, mounts the app.
import './views/styles.css'
import './commands'
import { createRoot } from 'react-dom/client'
import { installConsoleApi } from './core/console-api'
import { startHotkeys } from './core/hotkeys'
import { App } from './views/shell/app'

installConsoleApi()
startHotkeys()
createRoot(document.getElementById('root')!).render(<App />)
