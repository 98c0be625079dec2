// Alerts for new withdrawals and recharges: a short tone made with WebAudio (no sound file) and, when the operator
// turned it on and the browser allows it, a desktop notification while the console is in the background. Both
// choices are remembered in localStorage (the tone is on unless turned off; notifications are asked for when turned on).
import { proxy } from 'valtio/vanilla'
import { EVENT, type EventName } from '../contract/events'
import { onLiveEvent } from './events'

const KEYS = { sound: 'live_sound', notify: 'live_notify' } as const

function stored(key: string): string | null {
  try { return typeof localStorage === 'undefined' ? null : localStorage.getItem(key) } catch { return null }
}

function keep(key: string, on: boolean): void {
  try { localStorage.setItem(key, on ? '1' : '0') } catch { /* private mode: this page only */ }
}

const canNotify = () => typeof Notification !== 'undefined'

export const alertPrefs = proxy({
  sound: stored(KEYS.sound) !== '0',
  notify: stored(KEYS.notify) === '1' && canNotify() && Notification.permission === 'granted',
})

/** What each new record sounds like and is called: withdrawals higher, recharges lower. */
const NEW: Partial<Record<EventName, { hz: number; title: string }>> = {
  [EVENT.withdrawCreated]: { hz: 880, title: '新提现申请' },
  [EVENT.rechargeCreated]: { hz: 660, title: '新充值订单' },
}

let audio: AudioContext | null = null

/** A 0.25 s tone at `hz`, fading in and out so it does not click. */
export function playTone(hz: number): void {
  try {
    audio ??= new AudioContext()
    if (audio.state === 'suspended') void audio.resume()
    const at = audio.currentTime
    const osc = audio.createOscillator()
    const gain = audio.createGain()
    osc.type = 'sine'
    osc.frequency.value = hz
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25)
    osc.connect(gain).connect(audio.destination)
    osc.start(at)
    osc.stop(at + 0.3)
  } catch (e) {
    console.debug('[alerts] no sound', e)
  }
}

export function setSound(on: boolean): void {
  alertPrefs.sound = on
  keep(KEYS.sound, on)
  if (on) playTone(NEW[EVENT.withdrawCreated]!.hz) // the operator hears what it will sound like (and audio is unlocked)
}

/** Turns desktop notifications on (asking the browser first) or off; answers whether they are on. */
export async function setNotify(on: boolean): Promise<boolean> {
  if (on && canNotify() && Notification.permission !== 'granted') await Notification.requestPermission()
  const granted = on && canNotify() && Notification.permission === 'granted'
  alertPrefs.notify = granted
  keep(KEYS.notify, granted)
  return granted
}

function alert(name: EventName, data: Record<string, unknown>): void {
  const kind = NEW[name]
  if (!kind) return
  if (alertPrefs.sound) playTone(kind.hz)
  if (alertPrefs.notify && canNotify() && Notification.permission === 'granted' && document.hidden) {
    try {
      new Notification(kind.title, { body: `${String(data.username ?? '')} ${String(data.amount ?? '')} 元 · ${String(data.order_no ?? '')}`, tag: String(data.order_no ?? '') })
    } catch (e) {
      console.debug('[alerts] no notification', e)
    }
  }
}

/** Browsers start audio only after a gesture: the operator's first click or key in the console unlocks it. */
function unlock(): void {
  if (!alertPrefs.sound) return
  try {
    audio ??= new AudioContext()
    if (audio.state === 'suspended') void audio.resume()
  } catch { /* no audio here */ }
}

/** Alerts on every new withdrawal and recharge from now on; answers the stop. */
export function startAlerts(): () => void {
  const stop = onLiveEvent(alert)
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, unlock, { capture: true, once: true })
  return () => {
    stop()
    for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, unlock, { capture: true })
  }
}
