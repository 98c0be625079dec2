// The setting categories as the console knows them: the shared declaration with the palette's words and the ids of
// each category's commands (the screen's buttons and row keys name them).
import { SETTING_CATEGORIES, type SettingCategory } from '../../contract/setting-categories'

const WORDS: Record<SettingCategory['key'], string[]> = {
  base: ['base', 'jichu', 'shezhi'], yuebao: ['yuebao', 'invest', 'shezhi'], finance: ['finance', 'caiwu', 'shezhi'],
}

export const CATEGORIES = SETTING_CATEGORIES.map((c) => {
  const cap = c.key[0].toUpperCase() + c.key.slice(1)
  return {
    ...c, words: WORDS[c.key],
    ids: { list: `settings.${c.key}List`, edit: `settings.edit${cap}`, add: `settings.add${cap}`, remove: `settings.delete${cap}` },
  }
})

export type Category = (typeof CATEGORIES)[number]
