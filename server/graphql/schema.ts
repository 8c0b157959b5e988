// The GraphQL schema of the API: our own SDL, a compatible subset of the hosted document API's
// published schema (../shared/examples/anvil/reference/) with what embedded-builders.md adds
// (generateEmbedURL's `options`, createCast's detection arguments, createEtchPacket's
// `allowUpdates`). Names and types follow the reference so that its clients' documents validate
// unchanged; fields we cannot give a meaning to are left out (listed in the README).
export const typeDefs = /* GraphQL */ `
"""Any JSON value."""
scalar JSON
"""A date-time in ISO 8601 (UTC)."""
scalar Date
"""
A file: a part of a GraphQL multipart request, or an object { data, filename, mimetype } with
the bytes in base64.
"""
scalar Upload

type Query {
  """The API user of the key's organization."""
  currentUser: User
  organization(organizationSlug: String!): Organization
  """A PDF template; versionNumber -1 (or -2) means the latest."""
  cast(eid: String!, versionNumber: Int): Cast
  etchPacket(eid: String!): EtchPacket
  """By eid, or by slug within an organization (the caller's when organizationSlug is omitted)."""
  weld(eid: String, slug: String, organizationSlug: String, versionNumber: Int): Weld
  forge(eid: String, organizationSlug: String, eidOrSlug: String, weldDataEid: String, submissionEid: String, versionNumber: Int): Forge
  signer(eid: String!): Signer
}

type Mutation {
  """Stores a PDF as a new Cast. Only what the PDF and the arguments say is stored; nothing when the file is refused."""
  createCast(
    organizationEid: String
    title: String
    file: Upload!
    isTemplate: Boolean = true
    allowedAliasIds: [String]
    """Turn the PDF's form fields into Cast fields."""
    detectFields: Boolean
    """Map detected fields to these aliases: an array of alias ids, or an object { aliasId: { description, type, … } }."""
    aliasIds: JSON
    """Find fields on a PDF without a form: underscores, rules, empty boxes and table cells next to labels."""
    detectBoxesAdvanced: Boolean
    """Name and type detected fields from their labels."""
    advancedDetectFields: Boolean
  ): Cast

  """A new version when file is given (placed fields stay); name, title, isTemplate and allowedAliasIds change in place."""
  updateCast(
    eid: String!
    name: String
    title: String
    isTemplate: Boolean
    file: Upload
    allowedAliasIds: [String]
    """The version you last read: refused if the template changed since."""
    versionNumber: Int
  ): Cast

  createEtchPacket(
    name: String
    organizationEid: String
    files: [EtchFile!]
    isDraft: Boolean
    isTest: Boolean
    signatureEmailSubject: String
    signatureEmailBody: String
    signatureProvider: String
    signaturePageOptions: JSON
    signers: [JSON!]
    data: JSON
    webhookURL: String
    replyToName: String
    replyToEmail: String
    enableEmails: JSON
    createCastTemplatesFromUploads: Boolean
    duplicateCasts: Boolean = false
    mergePDFs: Boolean
    allowUpdates: Boolean
  ): EtchPacket

  createWeld(
    organizationEid: String!
    name: String
    slug: String
    visibility: String
    draftStep: String
    config: JSON
    castEid: String
    files: [WeldFile]
    createCastTemplatesFromUploads: Boolean
  ): Weld

  """A one-time URL that opens a builder for one object in an iframe."""
  generateEmbedURL(
    """edit-pdf-template, edit-etch-packet, edit-workflow (or edit-weld)."""
    type: String!
    eid: String!
    """ISO 8601 date-time; give this or validForSeconds (neither: the default lifetime)."""
    validUntil: String
    validForSeconds: Int
    metadata: JSON
    options: JSON
  ): GenerateEmbedURLResponse

  """Revokes an embed URL's token and the session it opened. True when it was revoked now."""
  expireSessionToken(requestTokenEid: String!): Boolean

  """
  Changes the caller's organization, named by eid or organizationSlug. embedOrigins: the origins
  (https://app.example.com) that may embed its builders and receive their events; null for any.
  """
  updateOrganization(eid: String, organizationSlug: String, embedOrigins: [String!]): Organization

  forgeSubmit(
    forgeEid: String!
    weldDataEid: String
    submissionEid: String
    payload: JSON!
    enforcePayloadValidOnCreate: Boolean = true
    currentStep: Int
    complete: Boolean
    isTest: Boolean = false
    timezone: String
    webhookURL: String
    groupArrayId: String
    groupArrayIndex: Int
    errorType: String
  ): Submission

  generateEtchSignURL(signerEid: String!, clientUserId: String!): String
  removeWeldData(eid: String!): Boolean
}

type GenerateEmbedURLResponse {
  """Identifies the token, for expireSessionToken."""
  requestTokenEid: String!
  """One load only; put it in an iframe's src."""
  url: String!
}

type User {
  id: Int!
  eid: String
  name: String
  email: String
  firstName: String
  lastName: String
  role: String
  organizations: [Organization]
  createdAt: Date
  updatedAt: Date
}

type Organization {
  id: Int!
  eid: String
  name: String
  slug: String
  isPersonal: Boolean
  """The origins that may embed the builders (frame them, receive their events); null for any origin."""
  embedOrigins: [String]
  createdAt: Date
  updatedAt: Date
  """Every Cast; isTemplate filters."""
  casts(isArchived: Boolean = false, isTemplate: Boolean = null): [Cast]
  """Every Weld unless visibility is given."""
  welds(visibility: String = null, isArchived: Boolean = false): [Weld]
  etchPackets(status: [String], isTest: Boolean, isArchived: Boolean = false, limit: Int = 5, offset: Int = 1): EtchPacketPage
  forges(isArchived: Boolean = false): [Forge]
}

type Cast {
  id: Int!
  eid: String
  type: String
  name: String
  title: String
  isTemplate: Boolean
  allowedAliasIds: [String]
  """The version this object shows."""
  versionNumber: Int
  latestDraftVersionNumber: Int
  publishedNumber: Int
  hasBeenPublished: Boolean
  hasUnpublishedChanges: Boolean
  """The fields: [{ id, aliasId, name, type, pageNum, rect, … }]."""
  fieldInfo: JSON
  """{ fields, pageCount }; onlyKeys picks root keys."""
  config(onlyKeys: [String] = null): JSON
  """A payload that fills every field."""
  exampleData: JSON
  versions: [CastVersion]
  organization: Organization
  createdAt: Date
  updatedAt: Date
  archivedAt: Date
}

type CastVersion {
  eid: String!
  versionNumber: Int
  name: String
  title: String
  config: JSON
  publishedNumber: Int
}

type EtchPacket {
  id: Int!
  eid: String
  name: String
  """draft or sent."""
  status: String
  isTest: Boolean
  allowUpdates: Boolean
  containsFillData: Boolean
  """The fill data per file: { <fileId>: { data } }."""
  payload: JSON
  numberRemainingSigners: Int
  """Always null: this server has no dashboard to link to."""
  detailsURL: String
  webhookURL: String
  organization: Organization
  documentGroup: DocumentGroup
  createdAt: Date
  updatedAt: Date
  archivedAt: Date
  completedAt: Date
}

type EtchPacketPage {
  rowCount: Int
  pageCount: Int
  page: Int
  pageSize: Int
  items: [EtchPacket]
}

type DocumentGroup {
  id: Int!
  eid: String
  status: String
  """[{ id, title, filename, castEid, type }]."""
  files: [JSON]
  signers: [Signer]
  etchPacket: EtchPacket
  createdAt: Date
  updatedAt: Date
  completedAt: Date
}

type Signer {
  """The signer's position in the packet, from 1."""
  id: Int!
  eid: String
  aliasId: String
  name: String
  email: String
  status: String
  routingOrder: Int
  signActionType: String
  signerType: String
  """[{ fileId, fieldId }]."""
  fields: [JSON]
  documentGroup: DocumentGroup
  createdAt: Date
  updatedAt: Date
  completedAt: Date
}

type Weld {
  id: Int!
  eid: String
  slug: String
  name: String
  visibility: String
  hasBeenPublished: Boolean
  config(onlyKeys: [String] = null): JSON
  """[{ id, title, castEid, filename }]."""
  files: [JSON]
  organization: Organization
  forges(isArchived: Boolean = false): [Forge]
  casts: [Cast]
  createdAt: Date
  updatedAt: Date
  archivedAt: Date
}

type Forge {
  id: Int!
  eid: String
  name: String
  slug: String
  config(onlyKeys: [String] = null): JSON
  weld: Weld
  createdAt: Date
  updatedAt: Date
}

type Submission {
  id: Int!
  eid: String
  status: String
  resolvedPayload: JSON
  payload: JSON
  payloadValue: JSON
  currentStep: Int
  totalSteps: Int
  continueURL: String
  weldData: WeldData
  forge: Forge
  signer: Signer
  createdAt: Date
  updatedAt: Date
  completedAt: Date
}

type WeldData {
  id: Int!
  eid: String
  displayTitle: String
  status: String
  isTest: Boolean
  isComplete: Boolean
  agents: JSON
  weld: Weld
  createdAt: Date
  updatedAt: Date
}

input EtchFile {
  """The file's id within the packet: the key of data.payloads and of signer fields."""
  id: String!
  title: String
  castEid: String
  file: Upload
  base64File: Upload
  fields: [JSON!]
  pageSizes: [JSON!]
  fontSize: Int
  textColor: String
  filename: String
  includeTimestamp: Boolean
  logo: JSON
  markup: JSON
  page: JSON
}

input WeldFile {
  id: String!
  title: String
  castEid: String
  file: Upload
  mimetype: String
  name: String
  src: String
  stamp: Float
}
`;
