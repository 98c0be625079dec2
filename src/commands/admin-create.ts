// A create command of the admin area that takes its fields from the palette's arguments when the first is given, and
// otherwise opens its form; the list refreshes either way.
import { refreshList } from '../core/context'
import { orCancel } from '../core/ops'
import type { CommandContext } from '../core/command'

export function argsOrForm(list: string, first: string, post: (args: CommandContext['args']) => Promise<unknown>, form: () => Promise<unknown | null>) {
  return async (ctx: CommandContext) => {
    const result = ctx.args[first] ? await post(ctx.args) : orCancel(await form())
    refreshList(list)
    return result
  }
}
