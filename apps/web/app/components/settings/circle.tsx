import {
  CIRCLE_INVITATION_DAYS,
  CIRCLE_MESSAGE_MAX,
  CreateInvitationLinkRequest,
  InviteByEmailRequest,
  type CircleInvitation,
  type CirclePerson,
  type MyCircle,
} from '@mepedia/contracts';
import { circleQueries } from '@mepedia/web-api/queries';
import { circlesMessages, localizePath, registerMessages } from '@mepedia/web-i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { whileAccountPending } from '../../lib/account-pending';
import { useApi } from '../../lib/api';
import { contractResolver, useContractForm } from '../../lib/contract-form';
import { absoluteDate } from '../../lib/dates';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Avatar } from '../avatar';
import { EmptyState } from '../empty-state';
import { EmailField, Field, FormError, SelectField, TextAreaField } from '../field';
import { LocalizedLink } from '../localized-link';
import { Dialog } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';

registerMessages(circlesMessages);

// The settings' Circle tab (issue 34): invite by email or with a link, the invitations waiting,
// the people in the member's circle, and the circles they are in. Every refusal is worded from
// its code in the page's language (lib/forms.ts describeApiError); each part says what it did in
// a polite live region of its own, beside what changed.

export type InviteValues = { email: string; message: string; language: string };
export type LinkValues = { message: string };

/** The inviter's words as the service counts them: trimmed, in code points. */
export const messageLength = (text: string | undefined) => [...(text ?? '').trim()].length;

const words = (text: string | undefined) => (text?.trim() ? { message: text } : {});

/** The email form's values as `circles/inviteByEmail` takes them, checked with its contract. */
export const inviteResolver = contractResolver(InviteByEmailRequest, (values: InviteValues) => ({
  email: values.email ?? '',
  ...words(values.message),
  ...(values.language === 'en' || values.language === 'he' ? { language: values.language } : {}),
}));

/** The link form's values as `circles/createInvitationLink` takes them. */
export const linkResolver = contractResolver(CreateInvitationLinkRequest, (values: LinkValues) =>
  words(values.message),
);

/** The circle's key and the circles-I'm-in key of this member. */
function useCircleCache(memberId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const mine = circleQueries.mine(api, memberId);
  const imIn = circleQueries.imIn(api, memberId);
  return {
    mine,
    imIn,
    /** Change the circle as shown, then read it again behind (limits, a resend's old row). */
    changeMine: (change: (circle: MyCircle) => MyCircle) => {
      queryClient.setQueryData(mine.queryKey, (circle) => (circle ? change(circle) : circle));
      void queryClient.invalidateQueries({ queryKey: mine.queryKey });
    },
    refreshMine: () => void queryClient.invalidateQueries({ queryKey: mine.queryKey }),
    changeImIn: (leftOwner: string) => {
      queryClient.setQueryData(imIn.queryKey, (answer) =>
        answer ? { circles: answer.circles.filter((owner) => owner.userId !== leftOwner) } : answer,
      );
      void queryClient.invalidateQueries({ queryKey: imIn.queryKey });
    },
  };
}

function Loading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="circle-loading">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <Skeleton />
      <Skeleton shape="short" />
    </div>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={AlertCircle}
      title={t('circles.loadFailed')}
      headingLevel={3}
      action={
        <button type="button" className="button" onClick={retry}>
          {t('circles.retry')}
        </button>
      }
    />
  );
}

/** The Circle tab: the member's own circle, then the circles they are in. */
export function CircleSection({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const cache = useCircleCache(memberId);
  const mine = useQuery(cache.mine);
  return (
    <div className="circle-settings">
      <section className="circle-part" aria-labelledby="circle-mine-title">
        <h3 id="circle-mine-title">{t('circles.title')}</h3>
        <p className="muted">{t('circles.intro', { days: CIRCLE_INVITATION_DAYS })}</p>
        {mine.isPending ? (
          <Loading label={t('circles.loading')} />
        ) : mine.isError ? (
          <LoadFailed retry={() => void mine.refetch()} />
        ) : (
          <>
            <Limits circle={mine.data} />
            <InviteByEmail memberId={memberId} />
            <InviteByLink memberId={memberId} />
            <Pending memberId={memberId} invitations={mine.data.invitations} />
            <Members memberId={memberId} members={mine.data.members} />
          </>
        )}
      </section>
      <CirclesImIn memberId={memberId} />
    </div>
  );
}

/** "3 of 100 people", the invitations waiting, and the room left for new ones. */
function Limits({ circle }: { circle: MyCircle }) {
  const { t } = useI18n();
  const people = circle.members.length;
  const pending = circle.invitations.length;
  const room = Math.max(
    0,
    Math.min(circle.limits.members - people - pending, circle.limits.pending - pending),
  );
  return (
    <ul className="circle-limits">
      <li>{t('circles.limits.people', { count: people, max: circle.limits.members })}</li>
      <li>{t('circles.limits.pending', { count: pending, max: circle.limits.pending })}</li>
      <li>{t('circles.limits.room', { count: room })}</li>
    </ul>
  );
}

/** A form's message field, with its limit counted as the member types (`message`: watched). */
function MessageField({
  message,
  register,
  error,
}: {
  message: string | undefined;
  register: UseFormRegisterReturn<'message'>;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const length = messageLength(message);
  const over = length - CIRCLE_MESSAGE_MAX;
  return (
    <TextAreaField
      label={t('circles.message.label')}
      rows={3}
      {...register}
      error={error}
      hint={
        <>
          {t('circles.message.hint')}{' '}
          <span
            className={over > 0 ? 'settings-counter settings-counter-over' : 'settings-counter'}
          >
            {over > 0
              ? t('circles.message.over', { count: over, max: CIRCLE_MESSAGE_MAX })
              : t('circles.message.count', { count: length, max: CIRCLE_MESSAGE_MAX })}
          </span>
        </>
      }
    />
  );
}

/** The message's own words for its limit; the catalogue's for everything else. */
function useMessageWords() {
  const { t } = useI18n();
  return (code: string, field: string) =>
    field === 'message' && code === 'TOO_LONG'
      ? t('circles.message.tooLong', { max: CIRCLE_MESSAGE_MAX })
      : undefined;
}

function InviteByEmail({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const cache = useCircleCache(memberId);
  const form = useContractForm(inviteResolver, {
    fixErrors: t('auth.fixErrors'),
    words: useMessageWords(),
  });
  const [said, setSaid] = useState<ReactNode>(null);
  const message = useWatch({ control: form.control, name: 'message', defaultValue: '' });

  const send = form.onSubmit(async (request) => {
    setSaid(null);
    try {
      // A member verified a moment ago may wait a moment to be known (lib/account-pending.ts).
      const invitation = await whileAccountPending(() => api.circles.inviteByEmail(request));
      form.reset({ email: '', message: '', language: '' });
      setSaid(
        richMessage(t, 'circles.email.sent', {
          email: <bdi dir="ltr">{invitation.email ?? request.email}</bdi>,
        }),
      );
      // A resend withdrew the invitation waiting for the same address: it goes with the new one.
      cache.changeMine((circle) => ({
        ...circle,
        invitations: [
          invitation,
          ...circle.invitations.filter((waiting) => waiting.email !== invitation.email),
        ],
      }));
    } catch (error) {
      form.refused(error, {
        codeFields: { CIRCLE_INVITE_SELF: 'email', CIRCLE_ALREADY_MEMBER: 'email' },
      });
    }
  });

  return (
    <form className="form circle-form" noValidate onSubmit={send}>
      <fieldset>
        <legend>{t('circles.email.legend')}</legend>
        <FormError message={form.formError} />
        <EmailField
          label={t('circles.email.email')}
          autoComplete="off"
          required
          {...form.register('email')}
          error={form.errorOf('email')}
        />
        <MessageField
          message={message}
          register={form.register('message')}
          error={form.errorOf('message')}
        />
        <SelectField
          label={t('circles.email.language')}
          defaultValue=""
          {...form.register('language')}
          error={form.errorOf('language')}
          options={[
            { value: '', label: t('circles.email.language.unknown') },
            { value: 'en', label: t('circles.email.language.en') },
            { value: 'he', label: t('circles.email.language.he') },
          ]}
        />
        <p className="settings-field-note muted">{t('circles.email.language.hint')}</p>
        <div className="actions">
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? t('circles.email.sending') : t('circles.email.send')}
          </button>
        </div>
        <p className="circle-said" role="status">
          {said}
        </p>
      </fieldset>
    </form>
  );
}

function InviteByLink({ memberId }: { memberId: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const cache = useCircleCache(memberId);
  const form = useContractForm(linkResolver, {
    fixErrors: t('auth.fixErrors'),
    words: useMessageWords(),
  });
  const [link, setLink] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const message = useWatch({ control: form.control, name: 'message', defaultValue: '' });
  const linkInput = useRef<HTMLInputElement>(null);

  // The new link takes the focus, selected, ready to copy.
  useEffect(() => {
    if (!link) return;
    linkInput.current?.focus();
    linkInput.current?.select();
  }, [link]);

  const create = form.onSubmit(async (request) => {
    setSaid('');
    try {
      const created = await whileAccountPending(() => api.circles.createInvitationLink(request));
      form.reset({ message: '' });
      setLink(`${window.location.origin}${localizePath(created.path, locale)}`);
      setSaid(t('circles.link.created'));
      cache.changeMine((circle) => ({
        ...circle,
        invitations: [created.invitation, ...circle.invitations],
      }));
    } catch (error) {
      form.refused(error);
    }
  });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setSaid(t('circles.link.copied'));
    } catch {
      linkInput.current?.focus();
      linkInput.current?.select();
      setSaid(t('circles.link.copyFailed'));
    }
  };

  return (
    <form className="form circle-form" noValidate onSubmit={create}>
      <fieldset>
        <legend>{t('circles.link.legend')}</legend>
        <p className="settings-field-note muted">{t('circles.link.intro')}</p>
        <FormError message={form.formError} />
        <MessageField
          message={message}
          register={form.register('message')}
          error={form.errorOf('message')}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? t('circles.link.creating') : t('circles.link.create')}
          </button>
        </div>
        {link ? (
          <div className="circle-link">
            <Field
              ref={linkInput}
              label={t('circles.link.label')}
              value={link}
              readOnly
              dir="ltr"
              hint={t('circles.link.note')}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="actions">
              <button type="button" className="button" onClick={() => void copy()}>
                {t('circles.link.copy')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setLink(null);
                  setSaid('');
                }}
              >
                {t('circles.link.close')}
              </button>
            </div>
          </div>
        ) : null}
        <p className="circle-said" role="status">
          {said}
        </p>
      </fieldset>
    </form>
  );
}

/** A list's heading that takes the focus once what had it is gone (a row removed). */
function ListHeading({
  id,
  headingRef,
  children,
}: {
  id: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h4 id={id} ref={headingRef} tabIndex={-1}>
      {children}
    </h4>
  );
}

/** Where focus goes after a row's own button went with it: the list's heading. */
function useFocusAfterRemoval() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [turn, setTurn] = useState(0);
  // After the render that removed the row (and closed the dialog, whose effect runs first).
  useEffect(() => {
    if (turn > 0) heading.current?.focus();
  }, [turn]);
  return { heading, focusHeading: () => setTurn((count) => count + 1) };
}

function Pending({
  memberId,
  invitations,
}: {
  memberId: string;
  invitations: readonly CircleInvitation[];
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const cache = useCircleCache(memberId);
  const [working, setWorking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const { heading, focusHeading } = useFocusAfterRemoval();

  const withdraw = async (invitation: CircleInvitation) => {
    setWorking(invitation.id);
    setFailure(null);
    setSaid('');
    try {
      await api.circles.revokeInvitation(invitation.id);
      cache.changeMine((circle) => ({
        ...circle,
        invitations: circle.invitations.filter((waiting) => waiting.id !== invitation.id),
      }));
      setSaid(t('circles.pending.withdrawn'));
      focusHeading();
    } catch (error) {
      setFailure(describeApiError(error, locale).message);
      cache.refreshMine();
    } finally {
      setWorking(null);
    }
  };

  return (
    <section className="circle-part" aria-labelledby="circle-pending-title">
      <ListHeading id="circle-pending-title" headingRef={heading}>
        {t('circles.pending.title')}
      </ListHeading>
      <p className="circle-said" role="status">
        {said}
      </p>
      <FormError message={failure} />
      {invitations.length === 0 ? (
        <p className="muted">{t('circles.pending.empty')}</p>
      ) : (
        <ul className="circle-list">
          {invitations.map((invitation) => {
            const sent = absoluteDate(invitation.createdAt, locale);
            return (
              <li key={invitation.id} className="circle-row">
                <div className="circle-row-main">
                  <p className="circle-row-name">
                    {invitation.email ? (
                      <bdi dir="ltr">{invitation.email}</bdi>
                    ) : (
                      t('circles.pending.link')
                    )}
                  </p>
                  <p className="circle-row-meta muted">
                    <span>{t('circles.pending.sent', { date: sent })}</span>{' '}
                    <span>
                      {t('circles.pending.expires', {
                        date: absoluteDate(invitation.expiresAt, locale),
                      })}
                    </span>
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={working !== null}
                  aria-label={
                    invitation.email
                      ? t('circles.pending.withdrawEmail', { email: invitation.email })
                      : t('circles.pending.withdrawLink', { date: sent })
                  }
                  onClick={() => void withdraw(invitation)}
                >
                  {t('circles.pending.withdraw')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A member of a circle: picture and name, linking to their profile, and since when. */
function PersonRow({
  person,
  since,
  action,
}: {
  person: CirclePerson;
  since: string;
  action: ReactNode;
}) {
  return (
    <li className="circle-row">
      <LocalizedLink className="circle-person" to={`/profile/${person.userId}`}>
        <Avatar name={person.fullname} image={person.profileImage} size="sm" />
        <bdi dir="auto" className="circle-row-name">
          {person.fullname}
        </bdi>
      </LocalizedLink>
      <p className="circle-row-meta muted">{since}</p>
      {action}
    </li>
  );
}

/**
 * Asks before a person leaves a circle (removed from the member's, or the member leaving
 * theirs); says a refusal inside, in the page's language.
 */
function ConfirmDialog({
  person,
  title,
  text,
  confirm,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  person: CirclePerson | null;
  title: ReactNode;
  text: string;
  confirm: string;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      open={person !== null}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? t('circles.working') : confirm}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={onClose}
          >
            {t('circles.cancel')}
          </button>
        </>
      }
    >
      <FormError message={failure} />
      <p>{text}</p>
    </Dialog>
  );
}

/** One person to confirm at a time, the call, and what it says after. */
function usePersonAction(
  run: (person: CirclePerson) => Promise<unknown>,
  done: (person: CirclePerson) => void,
) {
  const { locale } = useI18n();
  const [asking, setAsking] = useState<CirclePerson | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    asking,
    busy,
    failure,
    ask: (person: CirclePerson) => {
      setFailure(null);
      setAsking(person);
    },
    close: () => {
      if (!busy) setAsking(null);
    },
    confirm: async () => {
      if (!asking) return;
      setBusy(true);
      setFailure(null);
      try {
        await run(asking);
        const person = asking;
        setAsking(null);
        done(person);
      } catch (error) {
        setFailure(describeApiError(error, locale).message);
      } finally {
        setBusy(false);
      }
    },
  };
}

function Members({ memberId, members }: { memberId: string; members: readonly CirclePerson[] }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const cache = useCircleCache(memberId);
  const [said, setSaid] = useState<ReactNode>(null);
  const { heading, focusHeading } = useFocusAfterRemoval();
  const removal = usePersonAction(
    (person) => api.circles.removeMember(person.userId),
    (person) => {
      cache.changeMine((circle) => ({
        ...circle,
        members: circle.members.filter((member) => member.userId !== person.userId),
      }));
      setSaid(
        richMessage(t, 'circles.members.removed', {
          name: <bdi dir="auto">{person.fullname}</bdi>,
        }),
      );
      focusHeading();
    },
  );
  const name = <bdi dir="auto">{removal.asking?.fullname ?? ''}</bdi>;

  return (
    <section className="circle-part" aria-labelledby="circle-members-title">
      <ListHeading id="circle-members-title" headingRef={heading}>
        {t('circles.members.title')}
      </ListHeading>
      <p className="circle-said" role="status">
        {said}
      </p>
      {members.length === 0 ? (
        <p className="muted">{t('circles.members.empty')}</p>
      ) : (
        <ul className="circle-list">
          {members.map((person) => (
            <PersonRow
              key={person.userId}
              person={person}
              since={t('circles.members.since', { date: absoluteDate(person.since, locale) })}
              action={
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('circles.members.removeNamed', { name: person.fullname })}
                  onClick={() => {
                    setSaid(null);
                    removal.ask(person);
                  }}
                >
                  {t('circles.members.remove')}
                </button>
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        person={removal.asking}
        title={richMessage(t, 'circles.members.confirmTitle', { name })}
        text={t('circles.members.confirmText')}
        confirm={t('circles.members.confirm')}
        busy={removal.busy}
        failure={removal.failure}
        onConfirm={() => void removal.confirm()}
        onClose={removal.close}
      />
    </section>
  );
}

/** The circles the member is in: each owner, and Leave. */
function CirclesImIn({ memberId }: { memberId: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const cache = useCircleCache(memberId);
  const circles = useQuery(cache.imIn);
  const [said, setSaid] = useState<ReactNode>(null);
  const { heading, focusHeading } = useFocusAfterRemoval();
  const leaving = usePersonAction(
    (owner) => api.circles.leaveCircle(owner.userId),
    (owner) => {
      cache.changeImIn(owner.userId);
      setSaid(richMessage(t, 'circles.in.left', { name: <bdi dir="auto">{owner.fullname}</bdi> }));
      focusHeading();
    },
  );
  const name = <bdi dir="auto">{leaving.asking?.fullname ?? ''}</bdi>;

  return (
    <section className="circle-part" aria-labelledby="circle-in-title">
      <h3 id="circle-in-title" ref={heading} tabIndex={-1}>
        {t('circles.in.title')}
      </h3>
      <p className="circle-said" role="status">
        {said}
      </p>
      {circles.isPending ? (
        <Loading label={t('circles.loading')} />
      ) : circles.isError ? (
        <LoadFailed retry={() => void circles.refetch()} />
      ) : circles.data.circles.length === 0 ? (
        <p className="muted">{t('circles.in.empty')}</p>
      ) : (
        <ul className="circle-list">
          {circles.data.circles.map((owner) => (
            <PersonRow
              key={owner.userId}
              person={owner}
              since={t('circles.in.since', { date: absoluteDate(owner.since, locale) })}
              action={
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('circles.in.leaveNamed', { name: owner.fullname })}
                  onClick={() => {
                    setSaid(null);
                    leaving.ask(owner);
                  }}
                >
                  {t('circles.in.leave')}
                </button>
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        person={leaving.asking}
        title={richMessage(t, 'circles.in.confirmTitle', { name })}
        text={t('circles.in.confirmText')}
        confirm={t('circles.in.confirm')}
        busy={leaving.busy}
        failure={leaving.failure}
        onConfirm={() => void leaving.confirm()}
        onClose={leaving.close}
      />
    </section>
  );
}
