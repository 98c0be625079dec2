// 余额宝设置: this category's settings, edited in place by their type.
import { SettingsScreen } from './settings-list'
import { SETTINGS_API, SETTINGS_PATHS } from '../../contract/settings'

export default function YuebaoSettingsScreen() {
  return <SettingsScreen path={SETTINGS_PATHS.yuebao} api={SETTINGS_API.yuebao} title="余额宝设置" edit="settings.editYuebao" add="settings.addYuebao" />
}
