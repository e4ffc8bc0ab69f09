import { adminTexts } from '../../admin/schemas';
import { fileMessages } from '../../cards/files';
import { cardMessages } from '../../cards/messages';
import { usernameMessages } from '../../cards/username';
import { contactMessages } from '../../contacts/schemas';
import { designRequestTexts } from '../../design-requests/schemas';
import { integrationMessages } from '../../integrations/schemas';
import { physicalCardTexts } from '../../physical-cards/schemas';
import { paidFeatureTexts, paymentPortalNoUrlText } from '../../plans/plan-texts';
import { publicCardTexts } from '../../public-card/schemas';
import { scannerMessages } from '../../scanner/schemas';
import { importFileMessages } from '../../teams/import-rows';

/**
 * What the API answers when it refuses a request (AppError), in English: the texts the server answered before it
 * spoke other languages, which API clients (Zapier among them) may depend on. Where a text already had a constant
 * of its own (the spec's exact words), the catalog takes it; a text with values is an ICU message here. Placeholders
 * are plain (`{max}`, not `{max, number}`) so English numbers read as they always did ("1000", not "1,000").
 */
export const apiErrorsEnglish = {
  // The error handler and the request readers (apps/server/src/http).
  notFound: 'Not found.',
  forbidden: 'You are not allowed to do this.',
  signInToContinue: 'Sign in to continue.',
  checkForm: 'Check the form.',
  invalidInput: 'Invalid input.',
  invalidValue: 'Invalid value',
  serverBusy: 'The server is busy. Please try again in a few seconds.',
  databaseUnavailable: 'We cannot reach our database for a moment. Please try again in a few seconds.',
  uploadUnreadable: 'The upload could not be read. Choose the file again.',
  uploadTooLarge: 'The upload is too large.',
  internalError: 'Something went wrong on our side. Please try again.',
  crossSite: 'This request came from another site and was refused. Open the page on this site and try again.',
  notMultipart: 'Send the form as multipart/form-data.',
  formTooManyParts: 'The form has too many parts.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',

  // Sign-in, sessions and the account.
  mustConfirmEmail: 'Confirm your email address to start: open the link we sent you. Until then this account can do nothing else.',
  emailNotVerified: 'Confirm your email address first: open the link we sent you (Settings → General can send it again).',
  deviceSignedOut: 'This device is already signed out.',
  passkeyRemoved: 'This passkey was already removed.',
  recentLoginRequired: 'For your security, sign in again before making this change.',
  wrongPassword: 'The password is incorrect.',
  sameEmail: 'This is already your email address.',
  emailInUse: 'An account with this email already exists.',
  currentPasswordRequired: 'Enter your current password.',
  passwordToDelete: 'Enter your password to delete your account.',
  photoRequired: 'Choose an image to upload.',
  accountGone: 'This account no longer exists.',

  // The operator console.
  notAdmin: adminTexts.notAdmin,
  userNotFound: adminTexts.userNotFound,
  cannotDisableSelf: adminTexts.cannotDisableSelf,
  noAccountToPromote: 'No account has the address {email}. Sign up first, then promote it.',
  noAccountWithEmail: 'No account has the address {email}.',
  batchNotFound: adminTexts.batchNotFound,
  fileNotFound: 'File not found.',
  jobNotRetried: adminTexts.jobNotRetried,

  // Cards, their files and images, the plan's card limit.
  cardNotFound: cardMessages.notFound,
  usernameTaken: usernameMessages.taken,
  idRequiredToDuplicate: cardMessages.idRequiredToDuplicate,
  duplicateFailed: cardMessages.duplicateFailed,
  failedToWrite: cardMessages.failedToWrite,
  cardLimit:
    '{plan, select, team {Your Teams plan includes {count} {count, plural, one {card} other {cards}}. Choose a larger team size to create more cards.} other {Your {planTitle} plan includes {count} {count, plural, one {card} other {cards}}. Upgrade your plan to create more cards.}}',
  fileTooLarge: fileMessages.tooLarge,
  fileNotAllowed: fileMessages.notAllowed,
  tooManyFiles: 'A card can have at most {max} files.',
  fileMissing: fileMessages.missing,
  imageTooLarge: 'The image is larger than 10 MB.',
  unsupportedImage: 'This file is not an image we can use. Upload a JPEG, PNG, WebP or GIF.',

  // Contacts, leads and the public card's lead form.
  contactNotFound: contactMessages.notFound,
  someContactsNotFound: contactMessages.someNotFound,
  leadFormOff: contactMessages.leadFormOff,
  cardInactive: publicCardTexts.inactiveTitle,
  leadFailed: publicCardTexts.leadFailed,
  tooManyLeads: publicCardTexts.tooManyLeads,
  pageLinkOutdated: 'This page link is out of date. Start again from the first page.',
  invalidCursor: 'Invalid cursor',
  noCardPhoto: 'This contact has no card photo.',
  mergeTargetNotFound: scannerMessages.mergeTargetNotFound,

  // Physical cards.
  unknownPhysicalCard: physicalCardTexts.unknown,
  alreadyActivated: physicalCardTexts.alreadyActivated,
  chooseOwnCard: 'Choose one of your cards',
  otherOwner: 'A physical card moves only between cards of the same owner or the same team.',
  chooseSameOwnerCard: 'Choose a card of the same owner or team',
  tooManyActivations: physicalCardTexts.tooManyAttempts,

  // Teams, invitations and the bulk import.
  invitationInvalid: 'This invitation link is not valid. Ask the team for a new invitation.',
  invitationRevoked: 'This invitation was withdrawn. Ask the team for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask the team to send you a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationOtherEmail: 'This invitation was sent to {email}. Sign in with that email to accept it.',
  inAnotherTeam: 'You are already a member of another team. Ask its owner to remove you before joining this one.',
  ownsTeam: 'You run a team of your own, so you cannot join another team.',
  ownTeam: 'You cannot join your own team.',
  alreadyMember: '{email} is already in the team.',
  ownerEmail: 'This is the team owner’s email.',
  seatsFull: 'All {allowance} seats of your Teams plan are taken. Choose a larger team size to invite more people.',
  teamCardsFull: 'Your Teams plan allows {allowance} cards. Choose a larger team size to add more.',
  memberNotPending: 'This member has already accepted: remove them instead.',
  memberNotAccepted: '{name} has not accepted the invitation yet. Their card can be made once they have.',
  notYourself: 'You cannot change or remove your own membership here.',
  memberNotFound: 'This member is not in the team.',
  roleNotAllowed: 'Your role does not allow this. Ask the team owner.',
  adminNeedsRoles: 'Only the team owner or someone who may change roles can make a member an admin.',
  adminRowsNeedRoles: 'Only the team owner or someone who may change roles can make members admins ({count, plural, one {row} other {rows}} {rows}).',
  teamGone: 'This team no longer exists.',
  teamNoLongerExists: 'The team no longer exists.',
  importNotFound: 'This import does not exist.',
  importWrongType: importFileMessages.wrongType,
  importTooLarge: importFileMessages.tooLarge,
  importEmpty: importFileMessages.empty,
  importTooManyRows: 'The file has more than {max} rows. Split it into smaller files.',
  importUnreadable: importFileMessages.unreadable,
  importMissingColumns: 'The header row lacks the {count, plural, one {column} other {columns}} {columns}. Download the template to see the columns.',

  // Wallet passes.
  noApplePass: 'This card offers no Apple Wallet pass.',
  noGooglePass: 'This card offers no Google Wallet pass.',
  passFull: 'This pass has reached the limit of devices that receive its updates.',

  // Plans and payments.
  paidFeature: `${paidFeatureTexts.title}. ${paidFeatureTexts.message}.`,
  billingDisabled: 'Every feature is included on this server; there is nothing to buy.',
  noSubscription: 'You have no paid plan yet. Choose a plan first.',
  quoteNeeded: 'Teams with more than 250 cards need a quote: choose Get a quote.',
  quoteNeededSize: 'Teams with more than 250 cards need a quote.',
  alreadyYourPlan: 'This is already your plan.',
  noPortalUrl: paymentPortalNoUrlText,
  otherProvider: 'This subscription is managed by another payment provider.',
  subscriptionCancelFailed: 'Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.',
  testCheckoutMissing: 'This test checkout does not exist.',
  testCheckoutDone: '{status, select, completed {This test checkout was already completed.} other {This test checkout was already cancelled.}}',
  testCheckoutClosed: 'This test checkout was already completed or cancelled.',
  testCheckoutExpired: 'This test checkout has expired. Choose your plan again.',

  // Integrations: OAuth, API keys, webhooks.
  unknownClient: integrationMessages.unknownClient,
  unregisteredRedirect: integrationMessages.unregisteredRedirect,
  unsupportedResponseType: integrationMessages.unsupportedResponseType,
  unsupportedPkceMethod: integrationMessages.unsupportedPkceMethod,
  oauthNotCompleted: 'The request could not be completed.',
  invalidToken: integrationMessages.invalidToken,
  missingScope: 'This key or connection may not do this (it needs the "{scope}" scope).',
  tooManyApiKeys: 'You can have at most {max} API keys. Revoke one you no longer use first.',
  keyNotFound: integrationMessages.keyNotFound,
  hookNotFound: integrationMessages.hookNotFound,
  tooManyKeyRequests: 'Too many requests for this key. Wait a moment and try again.',
  targetNotHttps: integrationMessages.targetNotHttps,
  targetHasCredentials: 'The target URL must not carry a user name or password.',
  targetPrivate: integrationMessages.targetPrivate,
  targetUnresolvable: integrationMessages.targetUnresolvable,

  // A moved account (Settings → General, "This account moved").
  moveAddressInvalid: 'Enter only the new server’s address, such as https://cards.example.com.',
  moveAddressNotHttps: 'The new server’s address must start with https://.',
  moveAddressPrivate: 'This address points to a private or local network, which this server does not call.',
  moveAddressUnresolvable: 'No server was found at this address. Check it for typing mistakes.',
  moveAddressIsThisServer: 'That is this server’s own address. Enter the address of the server your account moved to.',
  moveNoExports: 'This account has no data download on this server yet. Download your data, import it on the new server, then come back here.',
  moveUnreachable: 'We could not reach {address}. Check the address and that the server is online, then try again.',
  moveNotImported: '{address} does not know this account yet. Import your data there first, then try again.',
  moveAnswerUnreadable: 'The answer from {address} could not be read, so nothing was changed.',
  moveNoCardsFound: 'None of your cards were found on {address}, so nothing was changed.',
  tooManyMoveChecks: 'Too many attempts. Wait a few minutes and try again.',

  // Custom design and quote requests.
  designBadUpload: designRequestTexts.badUpload,
  designUploadTooLarge: designRequestTexts.uploadTooLarge,
  designTooManyRequests: designRequestTexts.tooMany,
  designRequestNotFound: designRequestTexts.notFound,

  // The card scanner.
  scannerAiOff: scannerMessages.aiOff,
  scannerAiFailed: scannerMessages.aiFailed,
  scannerAiRateLimited: scannerMessages.aiRateLimited,
  scanPhotoTooLarge: 'The photo is larger than 10 MB.',
  scanFormMissing: 'The form is missing.',
  scanFormUnreadable: 'The form could not be read.',

  // Insights.
  teamInsightsNotAllowed: 'Your role does not include the team’s insights. Ask the team owner for the Metrics permission.',
  insightsCardNotFound: 'There is no such card among the cards you can see here.',
  // Importing contacts from a file.
  contactImportNotFound: 'This import was not found.',
  importNotReady: 'This import is not waiting to start.',
  importNotDone: 'Only a finished import can be undone.',
  importMappingOnlyForCsv: 'Only a CSV file’s columns can be mapped.',
  importMappingLength: 'Map each column of the file.',
  importNoNameColumn: 'Map a column to the name (or first or last name) or to the email.',
  importTeamNotAllowed: 'You may not add contacts to the team’s contacts.',
  importCardNotEnded: 'This card has no END:VCARD before the next card begins.',
  importNotAProperty: 'This line is not a vCard property: “{line}”.',
  importValueTooLarge: 'A value of this card is too large (a photo over 7 MB?).',
  importFileEmpty: 'The file is empty.',
  importNotText: 'This is not a text file: choose a .vcf or a .csv file.',
  importNotVCardOrCsv: 'This is neither a vCard file nor a CSV file with a header row.',
  importNoVCardNearStart: 'This is not a vCard file: no BEGIN:VCARD near its start.',
  importEndsInsideCard: 'The file ends inside the card that begins on line {line} (no END:VCARD).',
  importNoVCard: 'The file holds no vCard.',
  importQuoteNotClosed: 'A quoted field that starts on line {line} is never closed.',
  importFileWrongType: 'Choose a .vcf or a .csv file.',
  importFileGone: 'The uploaded file is gone.',
  // Moving an account: its archive, the import and the moves answer.
  accountExportNotFound: 'This download was not found, or it has been deleted (archives are kept for 7 days).',
  accountArchiveRequired: 'Choose the archive (.zip) you downloaded from your other server.',
  accountArchiveTooLarge: 'The archive is too large (at most {max} MB).',
  accountArchiveUnreadable: 'This file is not a readable ZIP archive.',
  accountArchiveTooManyEntries: 'The archive has too many files (at most {max}).',
  accountArchiveTooLargeUnpacked: 'The archive unpacks to too much data (at most {max} MB).',
  accountArchiveCompressionRatio: 'A file in the archive unpacks to far more than its size, so the archive is refused: {name}',
  accountArchiveUnsafePath: 'The archive names a file outside itself, so it is refused: {name}',
  accountArchiveNotAnExport: 'This ZIP is not an account archive: it has no manifest.json of a format this server reads.',
  accountArchiveBrokenFile: 'The archive’s {name} cannot be read.',
  accountImportNotFound: 'This import was not found.',
  accountMovesNotFound: 'No finished import of this archive is known here.',
} as const;

export type ApiErrorMessageId = keyof typeof apiErrorsEnglish;
export type ApiErrorCatalog = Record<ApiErrorMessageId, string>;
