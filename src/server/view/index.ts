// Saved views, column settings and background exports (RISK.md §7).
import views from './views'
import jobs from './exports'

export default [...views, ...jobs]
