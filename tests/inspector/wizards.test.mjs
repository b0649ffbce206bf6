// The wizards as a person meets them in a real client: the official MCP Inspector's web UI
// in headless Chromium (playwright-core), running `$GITLAB_MCP_SERVER_BIN --sandbox` over
// stdio. Six scenarios: five answer the issue, pipeline and review wizards by clicking
// through their forms (elicitation requests) and check what each form shows: its label, the
// required marker `*` on required fields only, a Submit that takes an optional field left
// empty, the labelled choices of a ref, a review's draft shown in its own form with its
// text pre-filled for an edit, a summary in `- Name: value` rows without `**` markup, the
// progress toast, and the tool's result. The sixth names a branch loosely (`f`, which two
// of the demo's branches hold) in an ordinary action and picks the one meant from the
// server's "which one did you mean?" question.
//
// Screenshots, report.json (every check, what each form showed) and the Inspector's own
// record of each scenario's protocol go to $INSPECTOR_ARTIFACTS (.ci/artifacts/inspector).
//
// Run: .ci/inspector.sh, or GITLAB_MCP_SERVER_BIN=… node --test wizards.test.mjs (Node >= 22.19).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SERVER_BIN = process.env.GITLAB_MCP_SERVER_BIN;
const ARTIFACTS = path.resolve(here, '../..', process.env.INSPECTOR_ARTIFACTS || '.ci/artifacts/inspector');
const CHROMIUM = process.env.INSPECTOR_CHROMIUM || '/usr/bin/chromium';
const PROJECT = 'demo/sandbox';
// Every wait is bounded: one step by STEP_MS, a scenario by SCENARIO_MS.
const STEP_MS = 15_000;
const START_MS = 60_000;
const SCENARIO_MS = 90_000;

const versionOf = (name) => require(`${name}/package.json`).version;
const LAUNCHER = path.join(path.dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'clients/launcher/build/index.js');

const report = {
    server_binary: SERVER_BIN,
    inspector: versionOf('@modelcontextprotocol/inspector'),
    playwright_core: versionOf('playwright-core'),
    node: process.version,
    chromium: null,
    scenarios: {},
};

// ---------------------------------------------------------------------------------------
// The Inspector (in its own process group, with the server it spawns) and the browser.
// ---------------------------------------------------------------------------------------
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'inspector-test-'));
let inspector = null;
let inspectorLog = '';
let browser = null;
let context = null;
let baseUrl = null;

function killInspector() {
    try {
        if (inspector) process.kill(-inspector.pid, 'SIGKILL');
    } catch {
        // already gone
    }
}
process.on('exit', killInspector);

function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer().on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}

async function startInspector() {
    const token = randomBytes(32).toString('hex');
    const env = {
        ...process.env,
        HOME: temp, // keeps ~/.mcp-inspector out of the real home
        MCP_INSPECTOR_API_TOKEN: token,
        MCP_INSPECTOR_SECRET_STORE: 'memory',
        MCP_AUTO_OPEN_ENABLED: 'false',
        CLIENT_PORT: String(await freePort()),
        MCP_SANDBOX_PORT: '0',
        MCP_APP_ORIGIN_PORT: '0',
    };
    for (const name of ['DANGEROUSLY_OMIT_AUTH', 'MCP_PROXY_AUTH_TOKEN', 'ALLOWED_ORIGINS', 'HOST']) delete env[name];
    const args = [LAUNCHER, '--web', '-e', 'GITLAB_MCP_TOOL_SURFACE=individual', '--', SERVER_BIN, '--sandbox'];
    inspector = spawn(process.execPath, args, { cwd: temp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = (chunk) => (inspectorLog += chunk.toString().split(token).join('<token>'));
    inspector.stdout.on('data', log);
    inspector.stderr.on('data', log);
    const deadline = Date.now() + START_MS;
    while (Date.now() < deadline) {
        const up = inspectorLog.match(/is up and running at:\s*(\S+)/);
        if (up) return up[1].replace('<token>', token);
        if (inspector.exitCode !== null) break;
        await sleep(200);
    }
    throw new Error(`the Inspector did not start within ${START_MS} ms; its output:\n${inspectorLog}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
    assert.ok(SERVER_BIN && fs.existsSync(SERVER_BIN), `set GITLAB_MCP_SERVER_BIN to the server binary (is: ${SERVER_BIN})`);
    assert.ok(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    for (const name of fs.readdirSync(ARTIFACTS)) {
        if (/\.png$|^report\.json$|^protocol-.*\.json$|^inspector\.log$/.test(name)) fs.rmSync(path.join(ARTIFACTS, name));
    }
    baseUrl = await startInspector();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], timeout: START_MS });
    report.chromium = browser.version();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    // Nothing leaves the machine (the UI asks for web fonts otherwise).
    await context.route((url) => !['127.0.0.1', 'localhost'].includes(url.hostname), (route) => route.abort());
}, { timeout: 2 * START_MS });

after(async () => {
    fs.writeFileSync(path.join(ARTIFACTS, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    await browser?.close().catch(() => {});
    killInspector();
    fs.writeFileSync(path.join(ARTIFACTS, 'inspector.log'), inspectorLog);
    fs.rmSync(temp, { recursive: true, force: true });
    const failed = Object.entries(report.scenarios).flatMap(([name, s]) => s.checks.filter((c) => !c.ok).map((c) => `${name}: ${c.what} (shown: ${JSON.stringify(c.shown)})`));
    console.log(`inspector: ${failed.length} failed check(s); report and screenshots in ${ARTIFACTS}`);
    for (const line of failed) console.log(`  ✖ ${line}`);
}, { timeout: 20_000 });

// ---------------------------------------------------------------------------------------
// The page: connect, run a tool, read and answer its forms, read its result.
// ---------------------------------------------------------------------------------------
async function connect() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    await page.goto(baseUrl);
    // The command line configured one stdio server; its card has the connect switch. A
    // click landing before the page has attached the switch's handler changes nothing (seen
    // once in CI), so it is clicked until it holds, a bounded number of times.
    const toggle = page.getByRole('switch', { name: /Connect or disconnect/ });
    for (let tries = 0; !(await toggle.isChecked()); tries++) {
        if (tries === 20) throw new Error('the connect switch did not turn on after 20 clicks');
        await toggle.click({ force: true });
        await page.waitForTimeout(250);
    }
    await page.getByText('Connected', { exact: true }).first().waitFor();
    await page.locator('label.mantine-SegmentedControl-label', { hasText: /^Tools$/ }).click();
    return page;
}

// Selects `tool` in the list (returns the list entry's text) and runs it on the project,
// with `args` beside `project_id`.
async function runTool(page, tool, args = {}) {
    const close = page.getByRole('button', { name: 'Close results' });
    if (await close.isVisible()) await close.click();
    await page.getByPlaceholder('Search tools...').fill(tool);
    const entry = page.getByText(tool, { exact: true }).first();
    const shown = await entry.locator('xpath=..').innerText();
    await entry.click();
    // The arguments as JSON: one way for any schema of `project_id` (an id-or-path
    // `anyOf` is drawn as a JSON editor, a string as a text field).
    const form = page.locator('.mantine-Card-root', { has: page.getByRole('button', { name: 'Execute Tool' }) }).last();
    await form.getByRole('switch', { name: 'Edit as JSON' }).check({ force: true });
    await form.locator('.ace_editor').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify({ project_id: PROJECT, ...args }));
    await form.getByRole('button', { name: 'Execute Tool' }).click();
    return shown;
}

const dialogOf = (page) => page.getByRole('dialog', { name: 'Elicitation Request' });

// Waits for a form whose message is not `previous`, fully drawn (Mantine fades modals in),
// and returns what it shows: the message, each field's label, `*`, description, and
// whether Submit is enabled.
async function nextForm(page, previous = null) {
    await page.waitForFunction((previous) => {
        const dialogs = [...document.querySelectorAll('section[role=dialog]')];
        if (dialogs.length !== 1) return false;
        const style = getComputedStyle(dialogs[0]);
        if (style.opacity !== '1' || !['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform)) return false;
        const message = dialogs[0].querySelector('.mantine-Modal-body p')?.innerText;
        return message && message !== previous;
    }, previous, { timeout: STEP_MS, polling: 100 });
    return dialogOf(page).evaluate((dialog) => {
        const body = dialog.querySelector('.mantine-Modal-body');
        const fields = [...body.querySelectorAll('.mantine-InputWrapper-root, .mantine-Checkbox-root')].map((field) => {
            const label = field.querySelector('.mantine-InputWrapper-label, .mantine-Checkbox-label');
            const marker = label?.querySelector('.mantine-InputWrapper-required');
            return {
                label: [...(label?.childNodes ?? [])].filter((node) => node !== marker).map((node) => node.textContent).join('').trim(),
                required_marker: !!marker,
                description: field.querySelector('.mantine-InputWrapper-description, .mantine-Checkbox-description')?.innerText ?? null,
            };
        });
        const submit = [...body.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Submit');
        return {
            // The Inspector quotes the message: “…”.
            message: body.querySelector('p').innerText.replace(/^\u201c|\u201d$/g, ''),
            message_line_breaks_shown: body.querySelector('p').innerText.includes('\n'),
            fields,
            submit_enabled: !!submit && !submit.disabled,
        };
    });
}

async function press(page, button) {
    await dialogOf(page).getByRole('button', { name: button, exact: true }).click();
}

// The text of the tool's result: the JSON editor's whole content, or the error shown.
async function toolResult(page) {
    await dialogOf(page).waitFor({ state: 'hidden' });
    const card = page.getByRole('button', { name: 'Close results' }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
    await card.waitFor();
    const editor = card.locator('.ace_editor');
    if (await editor.count()) return editor.first().evaluate((element) => element.env.editor.getValue());
    return (await card.innerText()).replace(/^Results\s*/, '');
}

// The progress toast, e.g. "Tool progress Question 1 of 5: Title — 1" (the Inspector adds
// " — progress"): the last text it showed within 5 s, once it shows `expected`.
async function progressToast(page, expected) {
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Tool progress' });
    let seen = '';
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && !seen.includes(expected); await sleep(100)) {
        seen = (await toast.allInnerTexts()).join(' | ').replace(/\s+/g, ' ').trim() || seen;
    }
    return seen;
}

async function shot(page, name) {
    await page.screenshot({ path: path.join(ARTIFACTS, name), animations: 'disabled' });
}

// The Inspector's own record of the protocol (Messages → Export), the wizard's part kept.
async function saveProtocol(page, name) {
    try {
        const [download] = await Promise.all([
            page.waitForEvent('download', { timeout: STEP_MS }),
            page.getByRole('button', { name: 'Export', exact: true }).last().click({ timeout: STEP_MS }),
        ]);
        const whole = path.join(temp, `protocol-${name}.json`);
        await download.saveAs(whole);
        const methods = ['tools/call', 'elicitation/create', 'notifications/progress', 'notifications/cancelled'];
        const kept = JSON.parse(fs.readFileSync(whole, 'utf8')).filter((entry) => methods.includes(entry.message?.method));
        fs.writeFileSync(path.join(ARTIFACTS, `protocol-${name}.json`), `${JSON.stringify(kept, null, 2)}\n`);
    } catch (error) {
        report.scenarios[name].protocol_error = error.message;
    }
}

// ---------------------------------------------------------------------------------------
// Checks: each is recorded (report.json) and a scenario fails at its end if any failed, so
// one run lists every difference. What the flow itself needs is asserted on the spot.
// ---------------------------------------------------------------------------------------
async function scenario(name, body) {
    const state = { checks: [], forms: [], result: null };
    report.scenarios[name] = state;
    const check = (what, ok, shown) => state.checks.push({ what, ok: !!ok, shown });
    const page = await connect();
    try {
        await body({ page, check, state });
    } finally {
        if (!(await dialogOf(page).isVisible())) await saveProtocol(page, name);
        await page.close().catch(() => {});
    }
    const failed = state.checks.filter((c) => !c.ok).map((c) => `${c.what}; shown: ${JSON.stringify(c.shown)}`);
    assert.deepEqual(failed, [], `${failed.length} check(s) failed`);
}

// The form must be the question `about` (told by its message) with one field labelled
// `label`, carrying `*` exactly when `required` (the Inspector draws no `*` on a checkbox,
// whatever the schema says, so a yes/no question is only checked for its label).
function checkForm(check, state, form, { about, label, required }) {
    state.forms.push(form);
    assert.match(form.message, about, `expected the question ${about}, the form shows: ${JSON.stringify(form)}`);
    const field = form.fields[0] ?? {};
    check(`"${form.message.slice(0, 40)}…" is labelled "${label}"`, field.label === label && form.fields.length === 1, form.fields.map((f) => f.label));
    check(`"${label}" ${required ? 'has' : 'has no'} required marker *`, field.required_marker === required, field.required_marker);
}

// An optional field left empty: Submit must be enabled. Were it not, the check fails and
// a space is typed (the nearest to empty) so that the rest of the wizard is still checked.
async function submitEmpty(page, check, form) {
    const label = form.fields[0]?.label;
    check(`Submit is enabled with the optional "${label}" left empty`, form.submit_enabled, form.submit_enabled);
    if (!form.submit_enabled) await dialogOf(page).getByRole('textbox', { name: label }).fill(' ');
    await press(page, 'Submit');
}

// The summary: its label, its rows (the Inspector shows the message as plain text, so a
// row is `- Name: value`, with values in code spans), and no `**` anywhere in the form.
function checkSummary(check, form, { label, rows }) {
    const field = form.fields[0] ?? {};
    check(`the summary is labelled "${label}"`, field.label === label, field.label);
    for (const row of rows) check(`the summary shows the row "${row}"`, form.message.includes(row), form.message);
    const shown = [form.message, ...form.fields.map((f) => `${f.label} ${f.description ?? ''}`)].join('\n');
    check('the summary shows no ** markup', !shown.includes('**'), shown);
}

// ---------------------------------------------------------------------------------------
// The scenarios.
// ---------------------------------------------------------------------------------------
test('issue wizard: title, description left empty, labels, confidential, create', { timeout: SCENARIO_MS }, () =>
    scenario('issue_create', async ({ page, check, state }) => {
        const listed = await runTool(page, 'gitlab_interactive_issue_create');
        check('the tool list shows the title "Create issue step by step"', listed.includes('Create issue step by step'), listed);

        let form = await nextForm(page);
        await shot(page, 'issue-first-question.png');
        checkForm(check, state, form, { about: /issue title/, label: 'Title', required: true });
        const toast = await progressToast(page, 'Question 1 of 5: Title');
        check('the progress toast reads "Question 1 of 5: Title"', toast.includes('Question 1 of 5: Title'), toast);
        await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).fill('Crash on login');
        await press(page, 'Submit');

        form = await nextForm(page, form.message);
        await shot(page, 'issue-description-empty.png');
        checkForm(check, state, form, { about: /issue description/, label: 'Description', required: false });
        await submitEmpty(page, check, form);

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /labels/, label: 'Labels', required: false });
        await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).fill('bug, ui');
        await press(page, 'Submit');

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /confidential/, label: 'Confidential', required: false });
        await dialogOf(page).getByRole('checkbox').check();
        await press(page, 'Submit');

        form = await nextForm(page, form.message);
        await shot(page, 'issue-summary.png');
        state.forms.push(form);
        assert.match(form.message, /^Create issue in project/, `expected the summary, the form shows: ${JSON.stringify(form)}`);
        checkSummary(check, form, {
            label: 'Create the issue',
            rows: ['- Title: `Crash on login`', '- Labels: `bug, ui`', '- Confidential: Yes'],
        });
        const summaryToast = await progressToast(page, 'Question 5 of 5: Create the issue');
        check('the progress toast reads "Question 5 of 5: Create the issue"', summaryToast.includes('Question 5 of 5: Create the issue'), summaryToast);
        await dialogOf(page).getByRole('checkbox').check();
        await press(page, 'Submit');

        const text = await toolResult(page);
        await shot(page, 'issue-result.png');
        state.result = text.slice(0, 2_000);
        const issue = JSON.parse(text);
        assert.match(issue.web_url, /\/demo\/sandbox\/-\/issues\/\d+$/, 'the result is the created issue');
        check('the issue has the title typed', issue.title === 'Crash on login', issue.title);
        check('the issue has no description', !issue.description, issue.description);
        check('the issue has the labels typed', JSON.stringify(issue.labels) === '["bug","ui"]', issue.labels);
        check('the issue is confidential', issue.confidential === true, issue.confidential);
    }));

test('pipeline wizard: a ref from the labelled choice, variables left empty, run', { timeout: SCENARIO_MS }, () =>
    scenario('pipeline_run', async ({ page, check, state }) => {
        const listed = await runTool(page, 'gitlab_interactive_pipeline_run');
        check('the tool list shows the title "Run pipeline step by step"', listed.includes('Run pipeline step by step'), listed);

        let form = await nextForm(page);
        checkForm(check, state, form, { about: /branch or tag/, label: 'Ref', required: true });
        await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).click();
        await page.getByRole('option').first().waitFor();
        const options = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
        form.options = options;
        await shot(page, 'pipeline-ref-choice.png');
        // The default branch first, where the choice starts; then the branches, then the tags
        // (`docs/tokens` is the branch of the merge request --sandbox offers to merge).
        const labelled = ['main (default branch)', 'docs/tokens (branch)', 'feature/x (branch)', 'fix/tokenizer (branch)', 'v1.0.0 (tag)'];
        check('the ref choices are labelled, the default branch first', JSON.stringify(options) === JSON.stringify(labelled), options);
        await page.getByRole('option', { name: /^main\b/ }).click();
        await press(page, 'Submit');

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /variables/, label: 'Variables', required: false });
        await submitEmpty(page, check, form);

        form = await nextForm(page, form.message);
        await shot(page, 'pipeline-summary.png');
        state.forms.push(form);
        assert.match(form.message, /^Run a pipeline in project/, `expected the summary, the form shows: ${JSON.stringify(form)}`);
        checkSummary(check, form, { label: 'Run the pipeline', rows: ['- Ref: `main`'] });
        await dialogOf(page).getByRole('checkbox').check();
        await press(page, 'Submit');

        const text = await toolResult(page);
        state.result = text.slice(0, 2_000);
        const pipeline = JSON.parse(text);
        assert.match(pipeline.web_url, /\/demo\/sandbox\/-\/pipelines\/\d+$/, 'the result is the new pipeline');
        check('the pipeline runs on the ref picked', pipeline.ref === 'main', pipeline.ref);
    }));

test('issue wizard: Decline at the summary creates nothing', { timeout: SCENARIO_MS }, () =>
    scenario('issue_decline', async ({ page, check, state }) => {
        // The project's open issues before and after tell whether one was created.
        const openIssues = async () => JSON.parse(await runTool(page, 'gitlab_project_get').then(() => toolResult(page))).open_issues_count;
        const before = await openIssues();

        await runTool(page, 'gitlab_interactive_issue_create');
        let form = await nextForm(page);
        await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).fill('Declined draft');
        await press(page, 'Submit');
        for (const about of [/issue description/, /labels/]) {
            form = await nextForm(page, form.message);
            assert.match(form.message, about);
            await submitEmpty(page, check, form);
        }
        form = await nextForm(page, form.message);
        assert.match(form.message, /confidential/);
        await press(page, 'Submit');
        form = await nextForm(page, form.message);
        state.forms.push(form);
        assert.match(form.message, /^Create issue in project/, `expected the summary, the form shows: ${JSON.stringify(form)}`);
        await press(page, 'Decline');

        const text = await toolResult(page);
        await shot(page, 'issue-decline-result.png');
        state.result = text;
        check('the result says the issue creation was declined or cancelled', /declined|cancell?ed/i.test(text) && !/web_url/.test(text), text);
        const after = await openIssues();
        check('no issue was created', after === before, { open_issues_before: before, after });
    }));

test('issue wizard: Cancel at the first question', { timeout: SCENARIO_MS }, () =>
    scenario('issue_cancel', async ({ page, check, state }) => {
        await runTool(page, 'gitlab_interactive_issue_create');
        state.forms.push(await nextForm(page));
        await press(page, 'Cancel');
        const text = await toolResult(page);
        await shot(page, 'issue-cancel-result.png');
        state.result = text;
        check('the result says the issue creation was cancelled', /cancell?ed/i.test(text) && !/web_url/.test(text), text);
    }));

// A choice drawn as a select: opens it and picks the option titled `title`, whatever its
// case (options whose titles only capitalise their values are sent as bare values, `keep`).
async function pick(page, form, title) {
    await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).click();
    await page.getByRole('option', { name: new RegExp(`^${title}$`, 'i') }).click();
    await press(page, 'Submit');
}

test('review wizard: a draft kept, one edited, one dropped, approved', { timeout: SCENARIO_MS }, () =>
    scenario('mr_review', async ({ page, check, state }) => {
        // The model's part: three draft comments on !1.
        const mr = { project_id: PROJECT, merge_request_iid: 1 };
        for (const note of ['Thanks, this reads well.', 'Why minus one here?', 'nit: trailing space']) {
            await runTool(page, 'gitlab_mr_draft_note_create', { ...mr, note });
            const draft = JSON.parse(await toolResult(page));
            assert.equal(draft.note, note, 'the draft is written');
        }

        const listed = await runTool(page, 'gitlab_interactive_mr_review', mr);
        check('the tool list shows the title "Review merge request step by step"', listed.includes('Review merge request step by step'), listed);

        let form = await nextForm(page);
        await shot(page, 'review-first-draft.png');
        checkForm(check, state, form, { about: /Draft comment 1 of 3, a general comment:[\s\S]*`Thanks, this reads well\.`[\s\S]*Keep this comment/, label: 'Keep, edit or drop', required: true });
        check('the review starts with the merge request', form.message.startsWith('Review of merge request !1 in `demo/sandbox`'), form.message);
        await pick(page, form, 'Keep');

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /Draft comment 2 of 3[\s\S]*`Why minus one here\?`[\s\S]*Keep this comment/, label: 'Keep, edit or drop', required: true });
        await pick(page, form, 'Edit');

        form = await nextForm(page, form.message);
        await shot(page, 'review-edit-prefilled.png');
        checkForm(check, state, form, { about: /Draft comment 2 of 3[\s\S]*Edit the comment/, label: 'Comment', required: true });
        const text = dialogOf(page).getByRole('textbox', { name: form.fields[0].label });
        const prefilled = await text.inputValue();
        form.prefilled = prefilled;
        check('the text to edit starts as the draft\'s', prefilled === 'Why minus one here?', prefilled);
        await text.fill('Why minus one here? The loop ends at the sentinel.');
        await press(page, 'Submit');

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /Draft comment 3 of 3[\s\S]*`nit: trailing space`/, label: 'Keep, edit or drop', required: true });
        await pick(page, form, 'Drop');

        form = await nextForm(page, form.message);
        checkForm(check, state, form, { about: /which verdict/, label: 'Verdict', required: true });
        await pick(page, form, 'Approve');

        form = await nextForm(page, form.message);
        await shot(page, 'review-summary.png');
        state.forms.push(form);
        assert.match(form.message, /Publish 2 comments on !1 in `demo\/sandbox` and approve it\?/, `expected the summary, the form shows: ${JSON.stringify(form)}`);
        checkSummary(check, form, {
            label: 'Publish the review',
            rows: [
                '- Kept, a general comment: `Thanks, this reads well.`',
                '- Edited, a general comment: `Why minus one here? The loop ends at the sentinel.`',
                '- Dropped, a general comment: `nit: trailing space`',
            ],
        });
        await dialogOf(page).getByRole('checkbox').check();
        await press(page, 'Submit');

        const result = await toolResult(page);
        await shot(page, 'review-result.png');
        state.result = result.slice(0, 2_000);
        const done = JSON.parse(result);
        check('the result says what was done', done.message === 'Published 2 comments on !1 (1 edited first), deleted 1 dropped draft and approved it.', done.message);

        await runTool(page, 'gitlab_mr_draft_note_list', mr);
        const left = JSON.parse(await toolResult(page));
        check('no draft is left', Array.isArray(left.items) && left.items.length === 0, left);

        // What GitLab now shows: the kept and the edited text published, the dropped one not.
        await runTool(page, 'gitlab_mr_discussion_list', mr);
        const threads = await toolResult(page);
        check('the kept comment is published', threads.includes('Thanks, this reads well.'), threads.slice(0, 500));
        check('the edited comment is published as edited', threads.includes('The loop ends at the sentinel.'), threads.slice(0, 500));
        check('the dropped comment is not', !threads.includes('nit: trailing space'), threads.slice(0, 500));
    }));

test('which one did you mean: a branch named loosely is picked among the matches', { timeout: SCENARIO_MS }, () =>
    scenario('which_branch', async ({ page, check, state }) => {
        // `f` is in `feature/x` and `fix/tokenizer`, the demo's branches besides `main`.
        await runTool(page, 'gitlab_branch_get', { branch: 'f' });

        const form = await nextForm(page);
        checkForm(check, state, form, { about: /matches 2 branches.*Which one did you mean\?/s, label: 'Branch', required: true });
        await dialogOf(page).getByRole('textbox', { name: form.fields[0].label }).click();
        await page.getByRole('option').first().waitFor();
        const options = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
        form.options = options;
        await shot(page, 'which-branch-choice.png');
        check('both matching branches are offered, and only they', JSON.stringify([...options].sort()) === JSON.stringify(['feature/x', 'fix/tokenizer']), options);
        await page.getByRole('option', { name: 'fix/tokenizer', exact: true }).click();
        await press(page, 'Submit');

        const text = await toolResult(page);
        state.result = text.slice(0, 2_000);
        // The branch's JSON, then the server's line saying which branch `f` was taken to mean.
        const picked = text.match(/"name":\s*"([^"]+)"/)?.[1];
        check('the branch read is the one picked', picked === 'fix/tokenizer', text);
    }));
