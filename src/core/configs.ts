// Site configuration (GET /common/configs): fetched once and shared by the login page and password encryption.
import type { SiteConfig } from '../contract/common'
import { API } from '../contract/admin'
import { http } from './http'

let cached: Promise<SiteConfig> | null = null

export function getConfigs(): Promise<SiteConfig> {
  if (!cached) {
    cached = http.get<SiteConfig>(API.configs, undefined, { spinner: true })
    cached.catch(() => { cached = null })
  }
  return cached
}
