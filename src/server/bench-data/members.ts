// Benchmark members: agents in two tiers and members under them (bulk SQL), their ledger accounts, and bank cards.
import type { Db } from '../db/db'
import { one } from '../db/db'
import { cardNumber, BANKS } from '../sim/people'
import { rng } from '../sim/rng'
import { inLanes, type BenchSection } from './section'

const CHUNK = 50_000

export const membersSection: BenchSection = {
  name: 'members',
  tables: [],
  options: { members: 10_000, agents: 0, cards: -1 },
  async run(db: Db, o) {
    const total = o.counts.members
    const agents = o.counts.agents || Math.max(10, Math.round(total / 500))
    // Ids are given explicitly (agents first, members refer to them), from past everything the sequence handed out.
    const start = Number((await one<{ n: number }>(db, `select greatest((select coalesce(max(id), 0) from members),
      (select last_value from members_id_seq))::int as n`))!.n)
    const levels = (await db.query<{ id: number }>('select id from member_levels where product = $1 order by level', [o.product])).rows.map((r) => r.id)
    const tag = `${o.product.slice(0, 2)}${start}`
    o.log(`members: ${total} (of which ${agents} agents) in ${o.product}`)
    // Chunks of ids are independent (every path is arithmetic), so they may go in two lanes (agents come first, but
    // without the foreign keys nothing waits for them).
    const chunks = Array.from({ length: Math.ceil(total / CHUNK) }, (_, k) => [1 + k * CHUNK, Math.min(total, (k + 1) * CHUNK)])
    let done = 0
    await inLanes(chunks, o.lanes, async ([from, to]) => {
      await db.tx(async (tx) => {
        // Top agents (the first tenth of the agents, g ≤ $5 / 10), second-tier agents under them, then members under any
        // agent; an agent's path (its g a) is [] at the top and [its top agent] below, a member's its agent's path and agent.
        await tx.query(
          `insert into members (id, product, kind, username, nickname, real_name, phone, level_id, agent_id, agent_path, is_agent,
                                rebate_rate, invite_code, status, register_ip, created_at, updated_at)
           select $6 + g, $1, 0, 'b' || $2 || '_' || g, '会员' || g, '', '13' || lpad((g % 1000000000)::text, 9, '0'),
                  ($3::int[])[1 + g % array_length($3::int[], 1)],
                  case when g <= $5 / 10 then null when g <= $5 then $6 + 1 + (g % greatest(1, $5 / 10)) else $6 + a end,
                  case when g <= $5 / 10 then '{}'::int[]
                       when g <= $5 then array[$6 + 1 + (g % greatest(1, $5 / 10))]
                       when a <= $5 / 10 then array[$6 + a]
                       else array[$6 + 1 + (a % greatest(1, $5 / 10)), $6 + a] end,
                  g <= $5, case when g <= $5 then 3 else 0 end, 'B' || $2 || 'X' || g, case when g % 50 = 0 then 0 else 1 end,
                  '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1',
                  now() - make_interval(secs => ($7 * 86400.0) * (1 - g::float8 / $8)), now()
             from generate_series($4::int, $9::int) g cross join lateral (select 1 + g % $5 as a) x`,
          [o.product, tag, levels, from, agents, start, o.days, total, to])
        await tx.query(
          `insert into ledger_accounts (product, money, kind, owner_id)
           select $1, 0, k, m.id from members m, unnest('{1,2,3}'::smallint[]) k where m.id between $2 and $3`,
          [o.product, start + from, start + to])
      })
      done += to - from + 1
      o.log(`  members ${done}/${total}`)
    })
    await db.query(`select setval('members_id_seq', (select max(id) from members))`)
    await db.query(
      `insert into member_counts (product, kind, n) select product, kind, count(*) from members where product = $1 group by 1, 2
       on conflict (product, kind) do update set n = excluded.n`, [o.product])
    const cards = o.counts.cards >= 0 ? o.counts.cards : Math.round(total / 2)
    const r = rng(o.seed)
    for (let done = 0; done < cards; done += 10_000) {
      const n = Math.min(10_000, cards - done)
      const nos = Array.from({ length: n }, () => cardNumber(r))
      await db.query(
        `insert into member_cards (product, member_id, holder, bank_name, card_no, is_default)
         select $1, $2 + i, '持卡人' || i, ($4::text[])[1 + i % 10], no, true from unnest($3::text[]) with ordinality as c(no, i)
         on conflict do nothing`, [o.product, start + done, nos, BANKS])
    }
    o.log(`  cards ${cards}`)
    await db.exec('analyze members; analyze ledger_accounts; analyze member_cards')
    return total
  },
}
