// A list kept current by the live events: when an event concerns the list's endpoint (a withdrawal's for 提现记录, a
// recharge's for 充值记录, whatever screen declares the list), the current page is fetched again through the list's
// refresh counter, so the query, page, focused row and selection stay as they are (they follow record ids). A burst
// of events makes one fetch; events arriving while a fetch runs make one more after it.
import { useEffect, useRef } from 'react'
import { eventTouches, onLiveEvent } from '../../core/events'
import { refreshList } from '../../core/context'

const SETTLE_MS = 250

export function useLiveRefresh(endpointUrl: string, list: string, busy: boolean): void {
  const busyNow = useRef(busy)
  busyNow.current = busy
  const pending = useRef(false)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = onLiveEvent((name) => {
      if (!eventTouches(endpointUrl, name)) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (busyNow.current) pending.current = true
        else refreshList(list)
      }, SETTLE_MS)
    })
    return () => { stop(); clearTimeout(timer) }
  }, [endpointUrl, list])

  useEffect(() => {
    if (busy || !pending.current) return
    pending.current = false
    refreshList(list)
  }, [busy, list])
}
