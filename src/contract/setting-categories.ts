// The three setting categories, declared once for the server and the console: the stored category number, the page and
// the endpoints of its list, edit and delete (src/contract/api/settings.ts).
import { system } from './api/settings'
import { MENU, ROUTE_TITLES } from './menus'

type Endpoints = { index: typeof system.index; edit: typeof system.edit; remove: typeof system.delete }

const category = <K extends string>(key: K, category: 1 | 2 | 4, path: string, eps: Endpoints) => ({ key, category, path, title: ROUTE_TITLES[path], ...eps })

export const SETTING_CATEGORIES = [
  category('base', 2, MENU.settingsBase, { index: system.index, edit: system.edit, remove: system.delete }),
  category('yuebao', 1, MENU.settingsInvest, { index: system.yuebao, edit: system.yuebaoEdit, remove: system.yuebaoDelete }),
  category('finance', 4, MENU.settingsFinance, { index: system.finance, edit: system.financeEdit, remove: system.financeDelete }),
] as const

export type SettingCategory = (typeof SETTING_CATEGORIES)[number]
