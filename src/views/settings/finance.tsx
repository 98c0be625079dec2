// 财务设置: this category's settings, edited in place by their type.
import { SettingsScreen } from './settings-list'
import { SETTINGS_API, SETTINGS_PATHS } from '../../contract/settings'

export default function FinanceSettingsScreen() {
  return <SettingsScreen path={SETTINGS_PATHS.finance} api={SETTINGS_API.finance} title="财务设置" edit="settings.editFinance" add="settings.addFinance" />
}
