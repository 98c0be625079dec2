// 基础设置: this category's settings, edited in place by their type.
import { SettingsScreen } from './settings-list'
import { SETTINGS_API, SETTINGS_PATHS } from '../../contract/settings'

export default function BaseSettingsScreen() {
  return <SettingsScreen path={SETTINGS_PATHS.base} api={SETTINGS_API.base} title="基础设置" edit="settings.editBase" add="settings.addBase" />
}
