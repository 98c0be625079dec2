// 菜单管理 by keyboard only: create a directory and submenus from the palette, edit a label with Enter, reorder siblings
// with Alt+↑ (kept after a reload), and delete with Shift+D — refused with one toast while the directory has children.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, poll, tabTo, toastWith, tokenOf, uniq } from './keys'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

const TREE = '[data-testid="menu-tree"]'
const labels = (page: Page) => page.locator(`${TREE} [role="treeitem"] .kit-menu-label`).allInnerTexts()
const focusedLabel = (page: Page) => page.evaluate((tree) => document.querySelector(`${tree} [role="treeitem"][data-focused] .kit-menu-label`)?.textContent ?? null, TREE)

/** Moves the tree's focused line with ↓/↑ until the line labelled `label` is focused (the tree keeps keyboard focus). */
async function toNode(page: Page, label: string) {
  await tabTo(page, TREE)
  for (let i = 0; i < 200; i++) {
    const all = await labels(page)
    const at = await focusedLabel(page)
    if (at === label) return
    const want = all.indexOf(label)
    if (want < 0) throw new Error(`no line ${label}`)
    await page.keyboard.press(at !== null && all.indexOf(at) > want ? 'ArrowUp' : 'ArrowDown')
  }
  throw new Error(`arrows never reached ${label}`)
}

/** Fills the open menu form: the parent select has focus first; Tab to the label (and the route), Enter submits. */
async function fillMenu(page: Page, label: string, uri?: string) {
  const dialog = page.getByTestId('form-dialog')
  await dialog.waitFor()
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fld-parent_id')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Control+a')
  await page.keyboard.type(label)
  if (uri) {
    await page.keyboard.press('Tab')
    await page.keyboard.type(uri)
  }
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
}

describe('菜单管理', () => {
  it('creates a directory and submenus, edits, reorders (persisted) and deletes by keyboard', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'cdgl', 'admin.menuList')
    await page.waitForURL(/\/layout\/admin\/menu$/)
    await page.locator(TREE).waitFor()
    const u = uniq()
    const dir = `键盘目录${u}`
    const [a, b] = [`子菜单A${u}`, `子菜单B${u}`]

    // A top-level directory: the tree's first line (首页) is focused, so the new menu goes to the top level.
    await toNode(page, '首页')
    await palette(page, '新增菜单', 'admin.createMenu')
    await fillMenu(page, dir)
    await toastWith(page, '新增菜单：操作成功')
    await poll(() => labels(page)).toContain(dir)
    expect((await labels(page)).at(-1)).toBe(dir)
    const dirLine = page.locator(`${TREE} [role="treeitem"]`, { hasText: dir })
    expect(await dirLine.innerText()).toContain('目录')

    // Two submenus under it from the focused line: the parent is chosen already.
    for (const [label, path] of [[a, 'a'], [b, 'b']]) {
      await toNode(page, dir)
      await palette(page, 'xzzcd', 'admin.createSubmenu')
      await page.getByTestId('form-dialog').waitFor()
      // The parent choices load with the dialog: wait for them, then the focused directory is preselected.
      await poll(() => page.locator('#fld-parent_id option:checked').innerText()).toContain(dir)
      await fillMenu(page, label, `/layout/e2e_${u}/${path}`)
      await poll(() => labels(page)).toContain(label)
    }
    const order = async () => (await labels(page)).filter((l) => l === a || l === b)
    expect(await order()).toEqual([a, b])
    expect(await dirLine.getAttribute('aria-expanded')).toBe('true')

    // Alt+↑ moves B above A; the order is saved and survives a reload.
    await toNode(page, b)
    await page.keyboard.press('Alt+ArrowUp')
    await toastWith(page, '菜单顺序已保存')
    expect(await order()).toEqual([b, a])
    await page.reload()
    await page.locator(`${TREE} [role="treeitem"]`).first().waitFor()
    await poll(() => order()).toEqual([b, a])
    const token = await tokenOf('admin')
    const tree = (await api('/api/sysmenu/index', token)).data.items as { label: string; children: { label: string }[] }[]
    expect(tree.find((n) => n.label === dir)!.children.map((c) => c.label)).toEqual([b, a])

    // Enter on a line edits it: change the label.
    const a2 = `改名A${u}`
    await toNode(page, a)
    await page.keyboard.press('Enter')
    await page.getByTestId('form-dialog').waitFor()
    expect(await page.getByTestId('form-dialog').getByRole('heading').innerText()).toBe(`编辑菜单：${a}`)
    expect(await page.locator('#fld-web_uri').inputValue()).toBe(`/layout/e2e_${u}/a`)
    await fillMenu(page, a2)
    await poll(() => labels(page)).toContain(a2)
    expect(await labels(page)).not.toContain(a)

    // Shift+D on the directory with children: the confirm, then the server's refusal in one toast; nothing removed.
    await toNode(page, dir)
    await page.keyboard.press('Shift+D')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain(dir)
    await page.keyboard.press('Enter')
    await toastWith(page, '该菜单下还有子菜单，不能删除')
    expect(await labels(page)).toEqual(expect.arrayContaining([dir, b, a2]))

    // Children first, then the directory.
    for (const label of [b, a2, dir]) {
      await toNode(page, label)
      await page.keyboard.press('Shift+D')
      await confirm.waitFor()
      await page.keyboard.press('Enter')
      await confirm.waitFor({ state: 'detached' })
      await poll(() => labels(page)).not.toContain(label)
    }
    await page.reload()
    await page.locator(`${TREE} [role="treeitem"]`).first().waitFor()
    expect((await labels(page)).filter((l) => l.includes(u))).toEqual([])
    await context.close()
  })
})
