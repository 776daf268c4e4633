import type { Page } from '@playwright/test';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { teamOnDevices } from './support/collaboration.ts';
import { expect, expectNoSideScroll, test } from './support/fixtures.ts';
import { instructorContext } from './support/live-room.ts';
import { field } from './support/form.ts';

/**
 * The instructor reads, coaches and unblocks every team live: a team's work read as the team types, a note
 * that reaches the team's activity page, a request for help that reaches the dashboard and its answer that
 * reaches the team. Two browsers each time, and no reload anywhere.
 */

test('the instructor reads a team’s work while the team types, and the note sent reaches the team’s page', async ({
  browser,
}) => {
  const { team, devices, close } = await teamOnDevices(browser, ['/phase/2']);
  const teamPage = devices[0]!.page;
  const instructor = await instructorContext(browser);
  const work = await instructor.newPage();
  await work.goto('/admin');
  await work.getByLabel('Search').fill(team.name);
  await work.getByRole('button', { name: `Actions for ${team.name}` }).click();
  await work.getByRole('menuitem', { name: 'View work' }).click();
  await expect(work.getByRole('heading', { level: 1, name: `${team.name}: work` })).toBeVisible();
  const activity2 = work.locator('#activity-2');
  await expect(activity2.getByText('The team has not saved this activity yet.')).toBeVisible();

  // The team types; the instructor sees the answer and the prompt change, with no reload.
  await field(teamPage, 'Company name').fill('Harbour Roasters');
  await expect(work.getByText('Harbour Roasters').first()).toBeVisible();
  await expect(activity2.getByTestId('prompt-preview')).toContainText('Harbour Roasters');
  // Nothing on the view writes an answer: no form, no field to type in.
  await expect(activity2.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
  // It speaks to the instructor: the prompt is the one the team would copy.
  await expect(
    activity2.getByText('The prompt this team would copy, as their preview shows it now.'),
  ).toBeVisible();
  await expect(work.getByText(/Copy it into ChatGPT/)).toHaveCount(0);

  // The team's choices read by their labels, as the team chose them, not by their stored values.
  const facts = await teamPage.request.post(`/api/teams/${team.id}/facts`, {
    data: { values: { sensitive_areas: 'children, finance', rule_regions: 'uk' }, givenIn: 1 },
  });
  expect(facts.status()).toBe(200);
  const sharedFacts = work.getByTestId('shared-facts');
  await expect(sharedFacts).toContainText('Children, Money');
  await expect(sharedFacts).toContainText('United Kingdom');
  await expect(sharedFacts).not.toContainText('finance');
  await expect(sharedFacts.getByText('uk', { exact: true })).toHaveCount(0);

  // A note on activity 2 reaches the team's page for it.
  await activity2.getByLabel('Feedback on this activity').fill('Rank the competitors by threat, not size.');
  await activity2.getByRole('button', { name: 'Send feedback' }).click();
  const panel = teamPage.getByTestId('instructor-feedback');
  await expect(panel.getByRole('heading', { name: 'Feedback from your instructor' })).toBeVisible();
  await expect(panel).toContainText('Rank the competitors by threat, not size.');
  await expect(panel).toContainText('e2e-instructor');
  // The team marks it done; the instructor sees it was.
  await panel.getByRole('button', { name: 'Mark as done' }).click();
  await expect(activity2.getByText('Done by the team')).toBeVisible();
  await instructor.close();
  await close();
});

test('a request for help reaches the dashboard at once, and its answer reaches the team', async ({
  browser,
}) => {
  const { team, devices, close } = await teamOnDevices(browser, ['/phase/3']);
  const teamPage = devices[0]!.page;
  const instructor = await instructorContext(browser);
  const dashboard = await instructor.newPage();
  await dashboard.goto('/admin');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
  // A second instructor, on a phone, has the Help requests tab open; the three tabs fit its width.
  const colleague = await instructorContext(browser, { width: 375, height: 812 });
  const second = await colleague.newPage();
  await second.goto('/admin');
  await second.getByRole('tab', { name: /Help requests/ }).click();
  // Teams of tests running beside this one may be waiting too: this team is not, yet.
  await expect(second.getByRole('tabpanel', { name: /Help requests/ })).toBeVisible();
  await expect(second.getByTestId('help-request').filter({ hasText: team.name })).toHaveCount(0);
  await expectNoSideScroll(second);

  await teamPage.getByRole('button', { name: 'Ask for help' }).click();
  await teamPage.getByLabel('What are you stuck on? (optional)').fill('Our sources contradict each other');
  // Only a team in an active cohort asks: outside one, the dialog says why.
  await teamPage.getByRole('button', { name: 'Send request' }).click();
  await expect(teamPage.getByRole('dialog').getByRole('alert')).toContainText(
    'Only a team in an active cohort can ask for help.',
  );
  const admin = await adminApi();
  const tag = await createCohort(admin, uniqueName('Help Cohort'));
  expect((await admin.post(`/api/admin/cohorts/${tag}/teams`, { data: { teamIds: [team.id] } })).ok()).toBe(
    true,
  );
  await admin.dispose();
  await teamPage.getByRole('button', { name: 'Send request' }).click();
  await expect(teamPage.getByTestId('help-status')).toContainText('Help is on the way');

  // The count shows from any tab; the list names the team, the activity and the line.
  await expect(dashboard.getByTestId('help-tab')).toContainText(/\d/);
  await dashboard.getByRole('tab', { name: /Help requests/ }).click();
  const request = dashboard.getByTestId('help-request').filter({ hasText: team.name });
  await expect(request).toContainText('Activity 3');
  await expect(request).toContainText('Our sources contradict each other');
  await expect(request).toContainText('waiting');
  const seenBySecond = second.getByTestId('help-request').filter({ hasText: team.name });
  await expect(seenBySecond).toContainText('Our sources contradict each other');
  // "View work" lands on the activity the team asked from, with the request itself at the top.
  await request.getByRole('link', { name: 'View work' }).click();
  await expect(dashboard.getByRole('heading', { level: 1, name: `${team.name}: work` })).toBeVisible();
  await expect(dashboard.getByRole('heading', { name: /^Activity 3:/ })).toBeInViewport();
  const context = dashboard.getByTestId('help-request-context');
  await expect(context).toContainText('This team asked for help');
  await expect(context).toContainText('From Activity 3');
  await expect(context).toContainText('"Our sources contradict each other"');
  await expect(context).not.toContainText('just now ago');
  // Answered from there: the request is marked, and gone from the other instructor's list.
  await context.getByRole('button', { name: 'Mark answered' }).click();
  await expect(context).toContainText('This request for help is answered (by e2e-instructor).');
  await expect(seenBySecond).toHaveCount(0);
  await dashboard.goBack();
  await dashboard.getByRole('tab', { name: /Help requests/ }).click();
  await expect(request).toHaveCount(0);
  await expect(teamPage.getByTestId('help-status')).toContainText('was answered by e2e-instructor');
  await colleague.close();
  await instructor.close();
  await close();
});

/**
 * The browser's notifications and sound, recorded instead of shown: `window.alerts` lists what this tab
 * showed ("notify: title | body", "chime"), `window.notifications` keeps each notification to click, and
 * `window.decided` the requests this tab has decided about (the dashboard's `help-alert-decided` event).
 */
function recordAlerts() {
  type Recorded = { title: string; onclick: (() => void) | null; close(): void };
  const page = window as unknown as { alerts: string[]; notifications: Recorded[]; decided: string[] };
  page.alerts = [];
  page.notifications = [];
  page.decided = [];
  window.addEventListener('help-alert-decided', (event) => {
    page.decided.push((event as CustomEvent<{ id: string }>).detail.id);
  });
  // The permission is the origin's, as a browser keeps it: every tab of the dashboard shares it.
  class RecordedNotification {
    static get permission(): NotificationPermission {
      return localStorage.getItem('recorded-permission') === 'granted' ? 'granted' : 'default';
    }
    static requestPermission() {
      localStorage.setItem('recorded-permission', 'granted');
      return Promise.resolve('granted');
    }
    onclick: (() => void) | null = null;
    constructor(
      readonly title: string,
      options?: NotificationOptions,
    ) {
      page.alerts.push(`notify: ${title} | ${options?.body ?? ''}`);
      page.notifications.push(this);
    }
    close() {}
  }
  class RecordedAudio {
    currentTime = 0;
    destination = {};
    resume() {
      return Promise.resolve();
    }
    createOscillator() {
      return {
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: () => {},
        stop: () => page.alerts.push('chime'),
      };
    }
    createGain() {
      const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return { gain, connect: (node: unknown) => node };
    }
  }
  Object.assign(window, { Notification: RecordedNotification, AudioContext: RecordedAudio });
}

test('new help requests chime and notify once across the instructor’s tabs, only when switched on', async ({
  browser,
}) => {
  const admin = await adminApi();
  const tag = await createCohort(admin, uniqueName('Alerts Cohort'));
  const [waiting, asking, later] = await Promise.all(
    ['Waiting', 'Asking', 'Later'].map((name) => apiTeam(admin, tag, uniqueName(name))),
  );
  const ask = (member: Awaited<ReturnType<typeof apiTeam>>, message: string) =>
    member.api.post(`/api/teams/${member.team.id}/help`, { data: { phaseNumber: 4, message } });
  // A request already waiting when the dashboard opens never alerts.
  expect((await ask(waiting!, 'Waiting since before')).status()).toBe(201);

  const instructor = await instructorContext(browser);
  await instructor.addInitScript(recordAlerts);
  const first = await instructor.newPage();
  await first.goto('/admin');
  const alertsSwitch = first.getByRole('switch', { name: 'Alert me to new help requests' });
  await expect(alertsSwitch).not.toBeChecked();
  // Switching on sounds the chime once (a page may sound only after a press) and asks to notify.
  await alertsSwitch.click();
  await expect(first.getByText('A chime and a notification for each new request.')).toBeVisible();
  // Each chime is two notes.
  expect(await first.evaluate(() => (window as unknown as { alerts: string[] }).alerts)).toEqual([
    'chime',
    'chime',
  ]);
  const second = await instructor.newPage();
  await second.goto('/admin');
  await expect(second.getByRole('switch', { name: 'Alert me to new help requests' })).toBeChecked();
  // Both dashboards have read the list (the request waiting since before is on it): the next one is new.
  for (const page of [first, second]) {
    await page.getByRole('tab', { name: /Help requests/ }).click();
    await expect(page.getByTestId('help-request').filter({ hasText: waiting!.team.name })).toBeVisible();
  }

  /** Both tabs have decided about request `id`: alerted, or stayed quiet. */
  const bothDecided = (id: string) =>
    expect
      .poll(() =>
        Promise.all(
          [first, second].map((page) =>
            page.evaluate(
              (wanted) => (window as unknown as { decided: string[] }).decided.includes(wanted),
              id,
            ),
          ),
        ),
      )
      .toEqual([true, true]);

  const asked = await ask(asking!, 'Stuck on the price ladder');
  expect(asked.status()).toBe(201);
  await expect(second.getByTestId('help-request').filter({ hasText: asking!.team.name })).toBeVisible();
  const ours = [waiting!, asking!, later!].map((member) => member.team.name);
  const alertsOf = async () =>
    (
      await Promise.all(
        [first, second].map((page) =>
          page.evaluate(() => (window as unknown as { alerts: string[] }).alerts),
        ),
      )
    ).map((alerts) =>
      // Teams of tests running beside this one may ask too: only this test's teams count here.
      alerts.filter((alert) => alert.startsWith('notify') && ours.some((name) => alert.includes(name))),
    );
  const notification = `notify: ${asking!.team.name} asked for help | Activity 4, Hero Concept Design: "Stuck on the price ladder"`;
  // Both tabs heard it and decided; one alerted.
  await bothDecided((await asked.json()).id);
  expect((await alertsOf()).flat()).toEqual([notification]);

  // A click on the notification opens that team's work at the request.
  const shown = (await alertsOf())[0]!.length === 1 ? first : second;
  await shown.evaluate(() =>
    (window as unknown as { notifications: { onclick: () => void }[] }).notifications[0]!.onclick(),
  );
  await expect(shown).toHaveURL(new RegExp(`/admin/teams/${asking!.team.id}/work\\?help=`));
  await expect(shown.getByTestId('help-request-context')).toContainText('"Stuck on the price ladder"');

  // Switched off in one tab, off in every tab: the next request is listed, and alerts nowhere.
  await shown.goto('/admin');
  await expect(shown.getByRole('switch', { name: 'Alert me to new help requests' })).toBeChecked();
  const other = shown === first ? second : first;
  await other.getByRole('switch', { name: 'Alert me to new help requests' }).click();
  await expect(other.getByRole('switch', { name: 'Alert me to new help requests' })).not.toBeChecked();
  await expect(shown.getByRole('switch', { name: 'Alert me to new help requests' })).not.toBeChecked();
  // Both dashboards have read the list (the request waiting since before is on it): the next one is new.
  for (const page of [shown, other]) {
    await page.getByRole('tab', { name: /Help requests/ }).click();
    await expect(page.getByTestId('help-request').filter({ hasText: waiting!.team.name })).toBeVisible();
  }
  const laterAsked = await ask(later!, '');
  expect(laterAsked.status()).toBe(201);
  await expect(other.getByTestId('help-request').filter({ hasText: later!.team.name })).toBeVisible();
  await bothDecided((await laterAsked.json()).id);
  expect((await alertsOf()).flat().filter((alert) => alert.includes(later!.team.name))).toEqual([]);

  // Their requests end with the test, so no other test finds them waiting.
  for (const member of [waiting!, asking!, later!]) {
    expect((await member.api.delete(`/api/teams/${member.team.id}/help`)).status()).toBe(200);
    await member.api.dispose();
  }
  await admin.dispose();
  await instructor.close();
});

test('practice mode explains that help needs a workspace', async ({ page }) => {
  await page.goto('/phase/1');
  await page.getByRole('button', { name: 'Try without saving' }).click();
  await page.getByRole('button', { name: 'Ask for help' }).click();
  await expect(page.getByRole('dialog', { name: 'Ask for help' })).toContainText('needs a workspace');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
