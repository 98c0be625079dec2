// Site configuration (the login page's configuration): fetched once and shared by the login page and password encryption.
import type { SiteConfig } from '../contract/common'
import { api } from './api'

let cached: Promise<SiteConfig> | null = null

export function getConfigs(): Promise<SiteConfig> {
  if (!cached) {
    cached = api.auth.configs(undefined, { spinner: true })
    cached.catch(() => { cached = null })
  }
  return cached
}
