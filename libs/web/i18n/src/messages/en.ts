import type { audienceEn } from './audience';
import type { blocksEn } from './blocks';
import type { circlesEn } from './circles';
import type { followEn } from './follow';
import type { memberHomeEn } from './member-home';
import type { moderationEn } from './moderation';
import type { notificationsEn } from './notifications';
import type { postEn } from './post';
import type { widgetEn } from './widget';
import type { profileEn } from './profile';
import type { settingsEn } from './settings';
import type { editMeEn } from './edit-me';
import type { privateQuestionsEn } from './private-questions';
import type { reportEn } from './report';
import type { searchEn } from './search';
import type { writePostEn } from './write-post';
import type { emailPreferencesEn } from './email-preferences';
import type { weeklyQuestionEn } from './weekly-question';

/** English interface strings (ICU MessageFormat). Hebrew must have every key (see he.ts). */
export const en = {
  'app.name': 'Mepedia',
  'app.tagline': 'The encyclopedia of people, written by the people themselves',
  'layout.skipToContent': 'Skip to main content',
  'layout.goBack': 'Go back',
  'header.home': 'Mepedia home page',
  // The header's search (issue 36): people and stories, for everyone; the results are /search.
  'header.search.landmark': 'Search Mepedia',
  'header.search.label': 'Search people and stories',
  'header.search.placeholder': 'Search people and stories',
  'header.me': 'Your profile, {name}',
  'header.write': 'Write',
  // The bell (issue 32): its name says the count; the live region says when it rises.
  'header.notifications': 'Notifications',
  'header.notifications.unread':
    '{count, plural, one {Notifications, # unread} other {Notifications, # unread}}',
  'header.notifications.rose':
    '{count, plural, one {New notification: # unread} other {New notifications: # unread}}',
  'auth.showPassword': 'Show password',
  'auth.hidePassword': 'Hide password',
  'auth.reason.people':
    'Sign up to meet the people of Mepedia: the people directory is open to members.',
  'auth.reason.follow':
    'Sign up to follow people: their new stories will wait for you on your home page.',
  'auth.reason.notifications': 'Log in to read your notifications: you will be taken to them.',
  'auth.reason.circle':
    'Register or log in to accept your invitation to a circle: you will be brought back to it.',
  'auth.reason.moderation': 'Log in to open this page: you will be taken to it.',
  'header.menu.open': 'Open menu',
  'header.menu.close': 'Close menu',
  'header.menu.label': 'Main menu',
  'menu.home': 'Home',
  'menu.about': 'About',
  'menu.aboutEfi': 'About Efi',
  'menu.profile': 'My profile',
  'menu.writeMe': 'Write my story',
  'menu.magazine': 'Magazine',
  'menu.register': 'Register',
  'menu.login': 'Log in',
  'menu.people': 'People',
  'menu.support': 'Support',
  'menu.settings': 'Settings',
  'menu.moderation': 'Moderation',
  'menu.logout': 'Log out',
  'menu.language': 'Language',
  'footer.social': 'Mepedia on social networks',
  'footer.social.twitter': 'X (Twitter)',
  'footer.social.youtube': 'YouTube',
  'footer.social.linkedin': 'LinkedIn',
  'footer.social.facebook': 'Facebook',
  'footer.social.instagram': 'Instagram',
  'footer.social.whatsapp': 'WhatsApp',
  'footer.social.telegram': 'Telegram',
  'footer.terms': 'Terms of service',
  'footer.privacy': 'Privacy policy',
  'footer.transparency': 'Transparency',
  // A suspended member (issue 35): the banner on every page, and where a write control was.
  // The Report control (issue 35, components/report-control.tsx); its dialog's are report.ts.
  'report.action': 'Report',
  'report.actionOf':
    '{kind, select, post {Report this story} answer {Report this answer} comment {Report the comment by {name}} profile {Report the profile of {name}} other {Report}}',
  'report.illegal': 'Report illegal content',
  'suspension.label': 'Your account is suspended',
  'suspension.until': 'You cannot write until {date}.',
  'suspension.link': 'Why, and how to appeal',
  // The owner's own item that moderation held or removed (issue 35, components/own-moderation.tsx):
  // only its owner reads it, on the post, the comment, the answer or the profile.
  'ownModeration.held':
    '{kind, select, post {This story is hidden from others while moderators review it.} answer {This answer is hidden from others while moderators review it.} profile {Your profile is hidden from others while moderators review it.} comment {Hidden from others while moderators review it.} other {Hidden from others while moderators review it.}}',
  'ownModeration.removed':
    '{kind, select, post {This story was removed by moderators: only you can see it.} answer {This answer was removed by moderators: only you can see it.} profile {Your profile was removed by moderators: only you can see it.} comment {Removed by moderators: only you can see it.} other {Removed by moderators: only you can see it.}}',
  // On the owner's card of such a post, where the whole card is one link (no link inside it).
  'ownModeration.badge.held': 'Hidden while moderators review it',
  'ownModeration.badge.removed': 'Removed by moderators',
  'footer.copyright': '© {year} Mepedia. All rights reserved.',
  'footer.credit': 'Designed and developed by the Mepedia team',
  'footer.publishedProfiles':
    '{count, plural, =0 {No published profiles yet} one {# published profile} other {# published profiles}}',
  'memorial.title': 'In memory of Efi',
  'memorial.text':
    'Mepedia is dedicated to the memory of Efi, who believed that every life is a story worth telling.',
  'memorial.link': 'Read the tribute',
  'home.title': 'Mepedia: the encyclopedia of people',
  'home.description':
    'Write your own entry in the encyclopedia of people: ten questions about your life, in English or Hebrew, to keep, share and publish.',
  'home.hero.title': 'Everyone has a story. Write yours.',
  'home.hero.text':
    'Mepedia is an encyclopedia of people, written by the people themselves. Ten questions guide you through your life; you decide what stays private and what the world may read.',
  'home.hero.start': 'Start writing',
  'home.hero.explore': 'Meet people',
  'home.recommended.title': 'Recommended profiles',
  'home.recommended.empty': 'No one has published a profile yet. Yours could be the first.',
  'home.howto.title': 'How it works',
  'home.howto.step1.title': 'Sign up',
  'home.howto.step1.text': 'Register with your email and phone number. It takes a minute.',
  'home.howto.step2.title': 'Answer, at your pace',
  'home.howto.step2.text':
    'Ten questions, each with a few short prompts. Drafts save as you write.',
  'home.howto.step3.title': 'Share what you choose',
  'home.howto.step3.text':
    'Publish answers on your profile or in the magazine, or keep them to yourself.',
  'home.magazine.title': 'From the magazine',
  'home.magazine.text': 'Stories members chose to share with everyone.',
  'home.magazine.link': 'Read the magazine',
  'home.about.title': 'About Mepedia',
  'home.about.text':
    'Encyclopedias remember the famous. Mepedia remembers everyone: the grandmother who crossed a border, the teacher a town still talks about, the friend who always knew what to say. It is free, in English and Hebrew, and every entry belongs to the person who wrote it.',
  'home.about.link': 'More about us',
  'person.publishedAnswers': '{count, plural, one {# answer} other {# answers}}',
  'card.readingTime': '{count, plural, one {# min read} other {# min read}}',
  'card.likes': '{count, plural, one {# like} other {# likes}}',
  'card.comments': '{count, plural, one {# comment} other {# comments}}',
  // A story's typographic cover (no picture of its own): its kind, under its first letter.
  'card.cover.answer': 'From a self-interview',
  'card.cover.story': 'A story',
  'notFound.title': 'This page could not be found',
  'notFound.text': 'The address may be mistyped, or the page may have moved.',
  'notFound.home': 'Back to the home page',
  'error.title': 'Something went wrong',
  'error.text': 'An error has occurred. Please try again in a moment.',
  'error.status': 'Error {status}',
  'error.retry': 'Try again',
  'pagination.label': 'Pages',
  'pagination.previous': 'Newer',
  'pagination.next': 'Older',
  'pagination.previousPage': 'Previous page',
  'pagination.nextPage': 'Next page',
  'toast.error': 'Error',
  'toast.success': 'Done',
  'toast.close': 'Close notification',
  // The picture picker (writing a post, the profile picture): the files service's limits.
  'picture.choose': 'Choose a picture',
  'picture.change': 'Choose another picture',
  'picture.limits': 'JPEG, PNG, WebP or GIF, up to {max} MB.',
  'picture.tooBig': 'Image too big: choose one of up to {max} MB',
  // Confirmations said by the page after a full load (components/toast-queue.ts).
  'confirm.loggedOut': 'You are logged out. See you soon!',
  'confirm.profileDeleted': 'Your profile and everything in it are deleted.',
  'confirm.passwordChanged': 'Your new password is saved.',
  'confirm.emailConfirmed': 'Your email address is confirmed. Welcome to Mepedia!',
  'a11y.toolbar': 'Accessibility options',
  'a11y.open': 'Accessibility',
  'a11y.textSize': 'Text size',
  'a11y.textSmaller': 'Smaller text',
  'a11y.textLarger': 'Larger text',
  'a11y.contrast': 'High contrast',
  'a11y.grayscale': 'Grayscale',
  'a11y.underline': 'Underline links',
  'a11y.readable': 'Readable font',
  'a11y.stopAnimations': 'Stop animations',
  'a11y.reset': 'Reset',
  'language.switchTo': 'Switch language',
  'auth.login.title': 'Log in',
  'auth.register.title': 'Create your account',
  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.loginButton': 'Log in',
  'auth.noAccount': 'New to Mepedia?',
  'auth.haveAccount': 'Already have an account?',
  'auth.switchToRegister': 'Create an account',
  'auth.switchToLogin': 'Log in',
  'auth.forgotPassword': 'Forgot your password?',
  'auth.notVerified': 'Your account is not verified yet. Let us finish that.',
  'guest.mustLogin': 'You must be logged in to comment or like',
  'meta.description.default':
    'Mepedia is a bilingual encyclopedia of people: members tell their life stories through ten questions and share what they choose.',
  'people.sort': 'Sort by',
  'people.sort.mostRecent': 'Most recent',
  'people.sort.oldest': 'Oldest',
  'people.search': 'Search',
  'people.searchLabel': 'Search people',
  'people.searchStories': 'Search the stories too',
  'people.noMatch.title': 'No one matches',
  'people.noMatch.text':
    'Nobody’s name, profile or answers match {query}. Try another spelling, or fewer words.',
  'people.noMatch.clear': 'Show everyone',
  'people.page': 'Page {page}',
  'people.list': 'The members',
  'people.loadFailed': 'People could not be loaded just now.',
  'people.retry': 'Try again',
  'profile.title': "{name}'s profile",
  'profile.notFound': 'This profile does not exist or is not public.',
  'auth.firstname': 'First name',
  'auth.lastname': 'Last name',
  'auth.phonePrefix': 'Country code',
  'auth.phone': 'Phone number',
  'auth.birthdate': 'Date of birth',
  'auth.country': 'Country',
  'auth.gender': 'Gender',
  'auth.gender.choose': 'Choose',
  'auth.gender.male': 'Male',
  'auth.gender.female': 'Female',
  'auth.gender.other': 'Other',
  'auth.gender.non-binary': 'Non-binary',
  'auth.confirmPassword': 'Confirm password',
  'auth.website': 'Website (optional)',
  'auth.terms': 'I have read and accept the {terms}',
  'auth.termsLink': 'terms of service',
  'auth.registerButton': 'Create account',
  'auth.passwordsDiffer': 'The passwords do not match',
  'auth.strength.label': 'Password strength',
  'auth.strength.weak': 'Weak',
  'auth.strength.fair': 'Fair',
  'auth.strength.strong': 'Strong',
  'auth.passwordHint':
    '8 to 64 characters. Any characters, spaces too: a few words you will remember make a strong password.',
  'password.rules': 'The password must be 8 to 64 characters long',
  'password.tooCommon':
    'This password is too common and easy to guess. Please choose another, for example a few unrelated words.',
  'auth.required': 'Required',
  'auth.fixErrors': 'Please correct the highlighted fields',
  'verify.title': 'Verify your account',
  'verify.step': 'Step {step} of 3',
  'verify.codeSent': 'We sent a 6-digit code to {phone}.',
  'verify.code': 'Verification code',
  'verify.submit': 'Verify',
  'verify.resend': 'Send a new code',
  'verify.resent': 'A new code is on its way',
  'verify.changeNumber': 'Change the phone number',
  'verify.saveNumber': 'Send the code to this number',
  'verify.cancel': 'Cancel',
  'verify.emailSent': 'Your phone is verified. We sent a link to {email}: open it to finish.',
  'verify.emailResend': 'Send the email again',
  'verify.emailResent': 'The email is on its way again',
  'verify.done': 'Your account is verified.',
  // The page continues a registration; opened bare (no account named), it has nothing to verify.
  'verify.missing.title': 'Nothing to verify here yet',
  'verify.missing.text':
    'This page continues a registration, with the code we send by SMS. Log in, and if your account still needs verifying, we take you to the step where you left off.',
  'verify.signIn.title': 'Log in to go on verifying',
  'emailVerify.title': 'Confirming your email',
  'emailVerify.working': 'Confirming your email address…',
  'emailVerify.incomplete.title': 'This link is not complete',
  'emailVerify.incomplete.text':
    'Its code is missing: it may have been cut when it was copied. Open the link straight from the email, or sign in and we will send you a new one.',
  'emailVerify.expired.title': 'This link has expired',
  'emailVerify.expired.text':
    'Links in the email work for a limited time. Sign in and we will send you a new one.',
  'emailVerify.unusable.title': 'This link does not work',
  'emailVerify.unusable.text':
    'It may have been used already, or changed on the way. Sign in: if your email still needs confirming, we will send you a new link.',
  'emailVerify.retry': 'Continue verification',
  'emailVerify.signedOut.title': 'Your email is verified',
  'emailVerify.signedOut.text':
    'Sign in with your email and password to continue. (The link signs in only the browser the account was registered in.)',
  'emailVerify.signIn': 'Sign in',
  'emailVerify.otherMember.title': 'This link is for another account',
  'emailVerify.otherMember.text':
    'You are signed in as {name}, and you still are. The link has verified the email of another account; to use that account, sign out and sign in with its email and password.',
  'emailVerify.home': 'To the home page',
  'reset.title': 'Reset your password',
  'reset.intro':
    'Enter the email you registered with, and we will send you a link to choose a new password.',
  'reset.send': 'Send the link',
  'reset.sent':
    'If an account uses this address, a link is on its way. It works once, for an hour.',
  'reset.newPassword': 'New password',
  'reset.save': 'Save the new password',
  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.confirm': 'Stop sending updates to {email}?',
  'unsubscribe.button': 'Unsubscribe',
  'unsubscribe.done':
    'Done: {email} will not receive updates any more. Messages you ask for, such as password resets, still arrive.',
  'unsubscribe.invalid.title': 'This link is not complete',
  'unsubscribe.invalid.text':
    'Part of it is missing: it may have been cut when it was copied. Open the unsubscribe link straight from the email.',
  'unsubscribe.home': 'To the home page',
  'emailKinds.comment': 'comments on your stories and answers',
  'emailKinds.reply': 'replies to your comments',
  'emailKinds.reaction': 'reactions to your stories and answers',
  'emailKinds.commentReaction': 'reactions to your comments',
  'emailKinds.follower': 'new followers',
  'emailKinds.story': 'new stories by people you follow',
  'emailKinds.magazineAdded': 'your answers added to the magazine',
  'emailKinds.magazineRemoved': 'your answers taken out of the magazine',
  'emailKinds.dailyDigest': 'the daily digest',
  'emailKinds.weeklyDigest': 'the weekly digest',
  'unsubscribe.kind.confirm': 'Stop emails about {kind}? Other emails keep coming as you chose.',
  'unsubscribe.kind.button': 'Stop these emails',
  'unsubscribe.kind.done':
    'Done: no more emails about {kind}. You can choose again at any time in your settings.',
  'unsubscribe.kind.settings': 'Email settings',
  'form.sending': 'Sending…',
  'leave.title': 'Leave without saving?',
  'leave.text': 'Your changes on this page are not saved yet. If you leave now, they are lost.',
  'leave.stay': 'Keep writing',
  'leave.go': 'Leave without saving',
  'magazine.title': 'The magazine',
  'magazine.lead': 'Stories members chose to share with everyone, newest first.',
  'magazine.stories': 'The stories',
  'magazine.empty': 'No stories in the magazine yet.',
  'magazine.emptyText':
    'Members choose which of their stories everyone may read. Meanwhile, meet the people who write here.',
  'magazine.more': 'More stories',
  'magazine.filters': 'Filter the stories',
  'magazine.author': 'Author',
  'magazine.topic': 'Topic (words of the title)',
  'magazine.filter': 'Show',
  'magazine.noMatch': 'No story matches these filters.',
  'magazine.clear': 'Show all stories',
  // Searching the stories' words (issue 36): the form leads to the search page's stories.
  'magazine.search': 'Search the stories',
  'magazine.search.label': 'Words in the stories',
  'magazine.search.submit': 'Search',
  'post.by': 'By {name}',
  'post.views': '{count, plural, one {# view} other {# views}}',
  'post.likes': '{count, plural, one {# like} other {# likes}}',
  'post.imageCredit': 'Image: {credit}',
  'post.readMore': 'Read the story',
  'post.edit': 'Edit this story',
  'translate.toEn': 'Translate to English',
  'translate.toHe': 'Translate to Hebrew',
  'translate.original': 'Show the original',
  'translate.working': 'Translating…',
  'translate.notice.en': 'Machine translation into English. It may hold mistakes.',
  'translate.notice.he': 'Machine translation into Hebrew. It may hold mistakes.',
  'translate.membersOnly': 'Translation is for members.',
  'translate.failed': 'The translation could not be made right now. Try again in a moment.',
  'reactions.group': 'Reactions',
  // Who may read a post or an answer, on its card and its page when not everyone (issue 34,
  // components/audience/audience-badge.tsx): the reader's own items, and someone else's.
  'audience.badge.label': 'Who can read it:',
  'audience.badge.private': 'Only me',
  'audience.badge.circle': 'My circle',
  'audience.badge.members': 'Members',
  'audience.badge.theirPrivate': 'Only the author',
  'audience.badge.theirCircle': 'Circle only',
} as const;

/** The interface's own strings: in the script every page loads. */
export type CoreMessageKey = keyof typeof en;
/** Every string a page may ask for: the interface's, and those pages bring (registerMessages). */
export type MessageKey =
  | CoreMessageKey
  | keyof typeof settingsEn
  | keyof typeof editMeEn
  | keyof typeof privateQuestionsEn
  | keyof typeof writePostEn
  | keyof typeof profileEn
  | keyof typeof postEn
  | keyof typeof widgetEn
  | keyof typeof followEn
  | keyof typeof memberHomeEn
  | keyof typeof notificationsEn
  | keyof typeof weeklyQuestionEn
  | keyof typeof emailPreferencesEn
  | keyof typeof circlesEn
  | keyof typeof audienceEn
  | keyof typeof reportEn
  | keyof typeof moderationEn
  | keyof typeof blocksEn
  | keyof typeof searchEn;
