"""The catalogue of the Intents SDK: every enum, option set, data class, resolution result,
intent, response and handler protocol that `generate_intents.py` turns into Swift.

API facts (names, labels, case order, availability) follow Apple's Intents framework as
recorded in shared/reference/intents-api.md. Edit this file, then run
`python3 Scripts/generate_intents.py` and commit both.
"""

# ---------------------------------------------------------------------------
# Enums: (name, doc, [(case, doc)] or [(case, raw, doc)])
# Raw values count up from 0 unless a case gives its own.

ENUMS = [
    ("INPersonHandleType", "The kind of a person handle.", [
        ("unknown", "The kind is not known."), ("emailAddress", "An e-mail address."),
        ("phoneNumber", "A phone number.")]),
    ("INPersonSuggestionType", "How a person handle was suggested.", [
        ("none", "No suggestion."), ("socialProfile", "A social profile."),
        ("instantMessageAddress", "An instant-message address.")]),
    ("INConditionalOperator", "How the values of a list parameter combine in a search.", [
        ("all", "Every value must match."), ("any", "At least one value must match."),
        ("none", "No value may match.")]),
    ("INMessageAttribute", "A state of a message that can be set.", [
        ("unknown", "No attribute."), ("read", "The message was read."), ("unread", "The message was not read."),
        ("flagged", "The message is flagged."), ("unflagged", "The message is not flagged."),
        ("played", "The audio message was played.")]),
    ("INMessageType", "The kind of content a message carries.", [
        (c, "A message of kind \u201c%s\u201d." % c) for c in [
            "unspecified", "text", "audio", "digitalTouch", "handwriting", "sticker", "tapbackLiked",
            "tapbackDisliked", "tapbackEmphasized", "tapbackLoved", "tapbackQuestioned", "tapbackLaughed",
            "mediaCalendar", "mediaLocation", "mediaAddressCard", "mediaImage", "mediaVideo", "mediaPass",
            "mediaAudio", "paymentSent", "paymentRequest", "paymentNote", "animoji", "activitySnippet",
            "file", "link"]]),
    ("INOutgoingMessageType", "Whether an outgoing message is text or audio.", [
        ("unknown", "Not known."), ("outgoingMessageText", "A text message."),
        ("outgoingMessageAudio", "An audio message.")]),
    ("INCallRecordType", "The kind of a call in the call history.", [
        ("unknown", "Not known."), ("outgoing", "A call the user made."), ("missed", "A call the user missed."),
        ("received", "A call the user answered."), ("latest", "The most recent call."),
        ("voicemail", "A voicemail."), ("ringing", "A call ringing now."), ("inProgress", "A call in progress."),
        ("onHold", "A call on hold.")]),
    ("INCallCapability", "Whether a call carries audio only or video.", [
        ("unknown", "Not known."), ("audioCall", "An audio call."), ("videoCall", "A video call.")]),
    ("INCallDestinationType", "Where a call goes.", [
        ("unknown", "Not known."), ("normal", "A contact or number."), ("emergency", "Emergency services."),
        ("voicemail", "The user's voicemail."), ("redial", "The last number called."),
        ("callBack", "The last caller.")]),
    ("INCallAudioRoute", "The audio device a call uses.", [
        ("unknown", "Not known."), ("speakerphoneAudioRoute", "The speakerphone."),
        ("bluetoothAudioRoute", "A Bluetooth device.")]),
    ("INPaymentMethodType", "The kind of account a payment uses.", [
        (c, "A %s account or card." % c) for c in [
            "unknown", "checking", "savings", "brokerage", "debit", "credit", "prepaid", "store", "applePay"]]),
    ("INPaymentStatus", "The state of a payment.", [
        ("unknown", "Not known."), ("pending", "Waiting to be processed."), ("completed", "Done."),
        ("canceled", "Canceled."), ("failed", "Failed."), ("unpaid", "Requested and not yet paid.")]),
    ("INRidePhase", "Where a ride is in its lifecycle.", [
        ("unknown", "Not known."), ("received", "The request was received."),
        ("confirmed", "A driver accepted the ride."), ("ongoing", "The passenger is on the way."),
        ("completed", "The ride ended."), ("approachingPickup", "The driver is nearly at the pickup."),
        ("pickup", "The driver is at the pickup.")]),
    ("INAccountType", "The kind of a payment account.", [
        ("unknown", "Not known."), ("checking", "A checking account."), ("credit", "A credit account or card."),
        ("debit", "A debit account or card."), ("investment", "An investment account."),
        ("mortgage", "A mortgage."), ("prepaid", "A prepaid account or card."), ("saving", "A savings account.")]),
    ("INBalanceType", "What a balance is counted in.", [
        ("unknown", "Not known."), ("money", "Money, in a currency."), ("points", "Reward points."),
        ("miles", "Reward miles.")]),
    ("INRestaurantReservationUserBookingStatus", "Where a table booking stands.", [
        ("pending", "Requested, not yet confirmed by the restaurant."), ("confirmed", "Confirmed."),
        ("denied", "Refused by the restaurant.")]),
    ("INWorkoutGoalUnitType", "The unit of a workout goal.", [
        (c, "Goal measured in %s." % c) for c in [
            "unknown", "inch", "meter", "foot", "mile", "yard", "second", "minute", "hour", "joule",
            "kiloCalorie"]]),
    ("INWorkoutLocationType", "Whether a workout is indoors or outdoors.", [
        ("unknown", "Not known."), ("outdoor", "Outdoors."), ("indoor", "Indoors.")]),
    ("INRecurrenceFrequency", "How often an event repeats.", [
        (c, "Repeats %s." % c) for c in ["unknown", "minute", "hourly", "daily", "weekly", "monthly", "yearly"]]),
    ("INIntentHandlingStatus", "How far the handling of an interaction got.", [
        ("unspecified", "Not known."), ("ready", "Ready to handle."), ("inProgress", "Handling continues."),
        ("success", "Handled."), ("failure", "Failed."), ("deferredToApplication", "Handed to the app."),
        ("userConfirmationRequired", "Waiting for the user to confirm.")]),
    ("INInteractionDirection", "Whether an interaction was started by the user or received.", [
        ("unspecified", "Not known."), ("outgoing", "Started by the user."), ("incoming", "Received by the user.")]),
    ("INSiriAuthorizationStatus", "Whether the user allowed the app to work with the assistant.", [
        ("notDetermined", "The user has not been asked yet."),
        ("restricted", "The app may not be allowed, whatever the user says."),
        ("denied", "The user said no."), ("authorized", "The user said yes.")]),
    ("INVocabularyStringType", "The kinds of user vocabulary an app can register. "
     "(Raw values from 500 on are Parlance's own; Apple's are not published.)", [
        ("contactName", 1, "Names of the user's contacts."), ("contactGroupName", 2, "Names of contact groups."),
        ("photoTag", 100, "Tags on the user's photos."), ("photoAlbumName", 101, "Names of photo albums."),
        ("workoutActivityName", 200, "Names of the user's own workouts."),
        ("carProfileName", 300, "Names of car profiles."), ("carName", 301, "Names of cars."),
        ("paymentsOrganizationName", 400, "Names of payees that are organizations."),
        ("paymentsAccountNickname", 401, "Nicknames of payment accounts."),
        ("notebookItemTitle", 500, "Titles of notes and lists."),
        ("notebookItemGroupName", 501, "Names of note folders."),
        ("mediaPlaylistTitle", 700, "Playlist titles."), ("mediaMusicArtistName", 701, "Artist names."),
        ("mediaAudiobookTitle", 702, "Audiobook titles."), ("mediaAudiobookAuthorName", 703, "Audiobook authors."),
        ("mediaShowTitle", 704, "Show titles.")]),
    # Unsupported reasons: Apple numbers them from 1.
    ("INSendMessageRecipientUnsupportedReason", "Why a message recipient can't be used.", [
        ("noAccount", 1, "The recipient has no account with the service."),
        ("offline", 2, "The recipient is offline."),
        ("messagingServiceNotEnabledForRecipient", 3, "The service is not enabled for the recipient."),
        ("noValidHandle", 4, "The recipient has no handle the service can use."),
        ("requestedHandleInvalid", 5, "The handle the user named is not valid."),
        ("noHandleForLabel", 6, "The recipient has no handle with the label the user named.")]),
    ("INSendPaymentPayeeUnsupportedReason", "Why a payee can't be paid.", [
        ("credentialsUnverified", 1, "The user's credentials are not verified."),
        ("insufficientFunds", 2, "The account lacks the funds."),
        ("noAccount", 3, "The payee has no account."), ("noValidHandle", 4, "The payee has no usable handle.")]),
    ("INSendPaymentCurrencyAmountUnsupportedReason", "Why a payment amount can't be sent.", [
        ("paymentsAmountBelowMinimum", 1, "The amount is below the minimum."),
        ("paymentsAmountAboveMaximum", 2, "The amount is above the maximum."),
        ("paymentsCurrencyUnsupported", 3, "The currency is not supported.")]),
    ("INRequestPaymentPayerUnsupportedReason", "Why money can't be requested from a payer.", [
        ("credentialsUnverified", 1, "The user's credentials are not verified."),
        ("noAccount", 2, "The payer has no account."), ("noValidHandle", 3, "The payer has no usable handle.")]),
    ("INRequestPaymentCurrencyAmountUnsupportedReason", "Why a requested amount can't be used.", [
        ("paymentsAmountBelowMinimum", 1, "The amount is below the minimum."),
        ("paymentsAmountAboveMaximum", 2, "The amount is above the maximum."),
        ("paymentsCurrencyUnsupported", 3, "The currency is not supported.")]),
    ("INStartCallContactUnsupportedReason", "Why a contact can't be called.", [
        ("noContactFound", 1, "No such contact."), ("multipleContactsUnsupported", 2, "Only one contact per call."),
        ("noHandleForLabel", 3, "No number with the label the user named."),
        ("invalidHandle", 4, "The number is not valid."), ("unsupportedMmiUssd", 5, "MMI/USSD codes are not supported."),
        ("noCallHistoryForRedial", 6, "There is no call to redial."),
        ("noUsableHandleForRedial", 7, "The last call has no usable number.")]),
    ("INStartCallCallCapabilityUnsupportedReason", "Why a call capability can't be used.", [
        ("videoCallUnsupported", 1, "Video calls are not supported."),
        ("microphoneNotAccessible", 2, "The microphone is not accessible."),
        ("cameraNotAccessible", 3, "The camera is not accessible.")]),
    ("INStartCallCallRecordToCallBackUnsupportedReason", "Why a call can't be returned.", [
        ("noMatchingCall", 1, "No call matches.")]),
]

# Option sets: (name, doc, [member]) — bit i is member i.
OPTION_SETS = [
    ("INMessageAttributeOptions", "A set of message attributes to search for.",
     ["read", "unread", "flagged", "unflagged", "played"]),
    ("INCallRecordTypeOptions", "A set of call kinds to search for.",
     ["outgoing", "missed", "received", "latest", "voicemail", "ringing", "inProgress", "onHold"]),
    ("INCallCapabilityOptions", "A set of call capabilities.", ["audioCall", "videoCall"]),
    ("INPhotoAttributeOptions", "A set of photo attributes to search for.",
     ["photo", "video", "GIF", "flash", "landscapeOrientation", "portraitOrientation", "favorite", "selfie",
      "frontFacingCamera", "screenshot", "burstPhoto", "hdrPhoto", "squarePhoto", "panoramaPhoto",
      "timeLapseVideo", "slowMotionVideo", "noirFilter", "chromeFilter", "instantFilter", "tonalFilter",
      "transferFilter", "monoFilter", "fadeFilter", "processFilter", "portraitPhoto", "livePhoto",
      "loopPhoto", "bouncePhoto", "longExposurePhoto"]),
    ("INRideFeedbackTypeOptions", "The kinds of feedback a completed ride asks for.", ["rate", "tip"]),
]

# String-backed constant sets: (name, doc, [(member, rawValue)])
STRING_CONSTANTS = [
    ("INPersonHandleLabel", "The label of a phone number or address (home, work, mobile…).", [
        ("home", "_$!<Home>!$_"), ("work", "_$!<Work>!$_"), ("iPhone", "iPhone"), ("mobile", "_$!<Mobile>!$_"),
        ("main", "_$!<Main>!$_"), ("homeFax", "_$!<HomeFAX>!$_"), ("workFax", "_$!<WorkFAX>!$_"),
        ("pager", "_$!<Pager>!$_"), ("other", "_$!<Other>!$_"), ("school", "_$!<School>!$_")]),
    ("INPersonRelationship", "How a person relates to the user.", [
        (r, r) for r in ["father", "mother", "parent", "brother", "sister", "child", "friend", "spouse",
                         "partner", "assistant", "manager", "son", "daughter"]]),
    ("INWorkoutNameIdentifier", "Identifiers of well-known workouts, usable as a workout name's vocabulary identifier.", [
        (w, "INWorkoutNameIdentifier" + w[0].upper() + w[1:]) for w in [
            "run", "sit", "steps", "stand", "move", "walk", "yoga", "dance", "crosstraining", "elliptical",
            "rower", "cycle", "stairs", "other", "indoorrun", "indoorcycle", "indoorwalk", "exercise", "hike",
            "highIntensityIntervalTraining", "swim"]]),
]

# ---------------------------------------------------------------------------
# Resolution results: (name, value type, superclass, doc, reason enum or None, wrap label or None)
# The superclass `INTypedResolutionResult` is generic over the value type.

RESULTS = [
    ("INStringResolutionResult", "String", None, "The outcome of resolving a text parameter."),
    ("INSpeakableStringResolutionResult", "INSpeakableString", None, "The outcome of resolving a speakable name."),
    ("INPersonResolutionResult", "INPerson", None, "The outcome of resolving a person."),
    ("INCurrencyAmountResolutionResult", "INCurrencyAmount", None, "The outcome of resolving an amount of money."),
    ("INPlacemarkResolutionResult", "CLPlacemark", None, "The outcome of resolving a place."),
    ("INDateComponentsRangeResolutionResult", "INDateComponentsRange", None, "The outcome of resolving a date range."),
    ("INBooleanResolutionResult", "Bool", None, "The outcome of resolving a yes/no parameter."),
    ("INDoubleResolutionResult", "Double", None, "The outcome of resolving a number."),
    ("INIntegerResolutionResult", "Int", None, "The outcome of resolving a whole number."),
    ("INCallRecordTypeResolutionResult", "INCallRecordType", None, "The outcome of resolving a call kind."),
    ("INCallRecordTypeOptionsResolutionResult", "INCallRecordTypeOptions", None, "The outcome of resolving a set of call kinds."),
    ("INCallDestinationTypeResolutionResult", "INCallDestinationType", None, "The outcome of resolving a call destination."),
    ("INCallCapabilityResolutionResult", "INCallCapability", None, "The outcome of resolving audio or video."),
    ("INCallRecordResolutionResult", "INCallRecord", None, "The outcome of resolving a call record."),
    ("INMessageAttributeResolutionResult", "INMessageAttribute", None, "The outcome of resolving a message attribute."),
    ("INMessageAttributeOptionsResolutionResult", "INMessageAttributeOptions", None, "The outcome of resolving a set of message attributes."),
    ("INOutgoingMessageTypeResolutionResult", "INOutgoingMessageType", None, "The outcome of resolving text or audio."),
    ("INWorkoutGoalUnitTypeResolutionResult", "INWorkoutGoalUnitType", None, "The outcome of resolving a goal unit."),
    ("INWorkoutLocationTypeResolutionResult", "INWorkoutLocationType", None, "The outcome of resolving indoor or outdoor."),
    ("INPaymentStatusResolutionResult", "INPaymentStatus", None, "The outcome of resolving a payment status."),
    ("INAccountTypeResolutionResult", "INAccountType", None, "The outcome of resolving an account kind."),
    ("INDateComponentsResolutionResult", "DateComponents", None, "The outcome of resolving a date and time."),
    ("INRestaurantResolutionResult", "INRestaurant", None, "The outcome of resolving a restaurant."),
    ("INRestaurantGuestResolutionResult", "INRestaurantGuest", None, "The outcome of resolving the guest of a booking."),
    ("INBalanceTypeResolutionResult", "INBalanceType", None, "The outcome of resolving a balance kind."),
    ("INPaymentAccountResolutionResult", "INPaymentAccount", None, "The outcome of resolving a payment account."),
]

# Subclasses that add a typed unsupported reason: (name, superclass, reason enum, wrap label, doc)
REASON_RESULTS = [
    ("INSendMessageRecipientResolutionResult", "INPersonResolutionResult",
     "INSendMessageRecipientUnsupportedReason", "personResolutionResult", "The outcome of resolving a message recipient."),
    ("INSendPaymentPayeeResolutionResult", "INPersonResolutionResult",
     "INSendPaymentPayeeUnsupportedReason", "personResolutionResult", "The outcome of resolving a payee."),
    ("INSendPaymentCurrencyAmountResolutionResult", "INCurrencyAmountResolutionResult",
     "INSendPaymentCurrencyAmountUnsupportedReason", "currencyAmountResolutionResult", "The outcome of resolving an amount to send."),
    ("INRequestPaymentPayerResolutionResult", "INPersonResolutionResult",
     "INRequestPaymentPayerUnsupportedReason", "personResolutionResult", "The outcome of resolving a payer."),
    ("INRequestPaymentCurrencyAmountResolutionResult", "INCurrencyAmountResolutionResult",
     "INRequestPaymentCurrencyAmountUnsupportedReason", "currencyAmountResolutionResult", "The outcome of resolving an amount to request."),
    ("INStartCallContactResolutionResult", "INPersonResolutionResult",
     "INStartCallContactUnsupportedReason", "personResolutionResult", "The outcome of resolving a contact to call."),
    ("INStartCallCallCapabilityResolutionResult", "INCallCapabilityResolutionResult",
     "INStartCallCallCapabilityUnsupportedReason", "callCapabilityResolutionResult", "The outcome of resolving audio or video for a call."),
    ("INStartCallCallRecordToCallBackResolutionResult", "INCallRecordResolutionResult",
     "INStartCallCallRecordToCallBackUnsupportedReason", "callRecordResolutionResult", "The outcome of resolving the call to return."),
]

# ---------------------------------------------------------------------------
# Data classes. Each: dict(name, doc, props=[(name, type, default or None, doc)], inits=Swift text,
# extra=Swift text, superclass=None, open=False, mutable=False).
# Props are stored; `mutable` makes them `public var`, else `public internal(set) var`.

def person_subclass_init(what, properties):
    """INPerson's designated initializer, overridden by a subclass whose own properties start empty, so the
    subclass inherits every INPerson initializer (as Apple's INRideDriver and INRestaurantGuest do)."""
    empty = "".join(f"        self.{name} = nil\n" for name in properties)
    return f"""    /// A {what} known only as a person (INPerson's designated initializer, so every INPerson initializer
    /// makes a {what} too, as in Apple's SDK).
    public override init(personHandle: INPersonHandle?, nameComponents: PersonNameComponents?, displayName: String?,
                         image: INImage?, contactIdentifier: String?, customIdentifier: String?,
                         relationship: INPersonRelationship?, aliases: [INPersonHandle]?,
                         suggestionType: INPersonSuggestionType, isMe: Bool, siriMatches: [INPerson]? = nil) {{
{empty}        super.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                   contactIdentifier: contactIdentifier, customIdentifier: customIdentifier,
                   relationship: relationship, aliases: aliases, suggestionType: suggestionType, isMe: isMe,
                   siriMatches: siriMatches)
    }}
"""


RECORDS = [
    dict(name="INPersonHandle", doc="A way to reach a person: a phone number, an e-mail address or a user name.",
         props=[("value", "String?", None, "The number, address or user name."),
                ("type", "INPersonHandleType", ".unknown", "What kind of handle `value` is."),
                ("label", "INPersonHandleLabel?", None, "The label of the handle (home, work, mobile…).")],
         inits='''
    /// A handle with a label.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    /// A handle without a label.
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }
'''),
    dict(name="INCurrencyAmount", doc="An amount of money in a currency.",
         props=[("amount", "NSDecimalNumber?", None, "The amount, exact to the smallest unit."),
                ("currencyCode", "String?", None, "The ISO 4217 currency code, such as USD or EUR.")],
         inits='''
    /// An amount of money in the currency with the given ISO 4217 code.
    public init(amount: NSDecimalNumber, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
        super.init()
    }
'''),
    dict(name="INRecurrenceRule", doc="How an event repeats.",
         props=[("interval", "Int", None, "Repeat every `interval` units of `frequency`."),
                ("frequency", "INRecurrenceFrequency", ".unknown", "The unit of repetition.")],
         inits='''
    /// A rule repeating every `interval` units of `frequency`.
    public init(interval: Int, frequency: INRecurrenceFrequency) {
        self.interval = interval
        self.frequency = frequency
        super.init()
    }
'''),
    dict(name="INDateComponentsRange", doc="A span of time given by calendar components; either end may be open.",
         props=[("startDateComponents", "DateComponents?", None, "The start, or nil for an open start."),
                ("endDateComponents", "DateComponents?", None, "The end, or nil for an open end."),
                ("recurrenceRule", "INRecurrenceRule?", None, "How the span repeats, if it does.")],
         inits='''
    /// A range between two sets of date components.
    public init(start startDateComponents: DateComponents?, end endDateComponents: DateComponents?) {
        self.startDateComponents = startDateComponents
        self.endDateComponents = endDateComponents
        self.recurrenceRule = nil
        super.init()
    }

    /// A repeating range.
    public convenience init(start startDateComponents: DateComponents?, end endDateComponents: DateComponents?,
                            recurrenceRule: INRecurrenceRule?) {
        self.init(start: startDateComponents, end: endDateComponents)
        self.recurrenceRule = recurrenceRule
    }
'''),
    dict(name="INImage", doc="An image: a named asset, a file or web address, or image data.",
         props=[("imageName", "String?", None, "The name of an image asset in the app bundle."),
                ("imageURL", "URL?", None, "Where the image is."),
                ("imageData", "Data?", None, "The encoded image (PNG, JPEG…)."),
                ("width", "Double?", None, "The width to show the image at, in points."),
                ("height", "Double?", None, "The height to show the image at, in points.")],
         inits='''
    init(imageName: String?, imageURL: URL?, imageData: Data?, width: Double?, height: Double?) {
        self.imageName = imageName
        self.imageURL = imageURL
        self.imageData = imageData
        self.width = width
        self.height = height
        super.init()
    }

    /// An image asset from the app bundle.
    public convenience init(named name: String) {
        self.init(imageName: name, imageURL: nil, imageData: nil, width: nil, height: nil)
    }

    /// An image from encoded image data.
    public convenience init(imageData: Data) {
        self.init(imageName: nil, imageURL: nil, imageData: imageData, width: nil, height: nil)
    }

    /// An image at a file or web address; nil for an address that is neither.
    public convenience init?(url: URL) {
        guard url.isFileURL || ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        self.init(imageName: nil, imageURL: url, imageData: nil, width: nil, height: nil)
    }

    /// An image at a file or web address, shown at the given size.
    public convenience init?(url: URL, width: Double, height: Double) {
        guard url.isFileURL || ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        self.init(imageName: nil, imageURL: url, imageData: nil, width: width, height: height)
    }

    /// A system symbol image by name.
    public class func systemImageNamed(_ systemImageName: String) -> Self {
        self.init(imageName: systemImageName, imageURL: nil, imageData: nil, width: nil, height: nil)
    }
''', required_init="init(imageName:imageURL:imageData:width:height:)"),
    dict(name="INMessage", doc="A message sent or received through a messaging app.",
         props=[("identifier", "String", None, "The app's identifier of the message."),
                ("conversationIdentifier", "String?", None, "The conversation the message belongs to."),
                ("content", "String?", None, "The text of the message."),
                ("dateSent", "Date?", None, "When the message was sent."),
                ("sender", "INPerson?", None, "Who sent the message."),
                ("recipients", "[INPerson]?", None, "Who received the message."),
                ("groupName", "INSpeakableString?", None, "The name of the group conversation."),
                ("messageType", "INMessageType", ".unspecified", "What the message carries."),
                ("serviceName", "String?", None, "The service that carried the message.")],
         inits='''
    /// A message with every detail.
    public init(identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
                sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?,
                messageType: INMessageType, serviceName: String?) {
        self.identifier = identifier
        self.conversationIdentifier = conversationIdentifier
        self.content = content
        self.dateSent = dateSent
        self.sender = sender
        self.recipients = recipients
        self.groupName = groupName
        self.messageType = messageType
        self.serviceName = serviceName
        super.init()
    }

    /// A text message (the iOS 10 initializer).
    public convenience init(identifier: String, content: String?, dateSent: Date?, sender: INPerson?,
                            recipients: [INPerson]?) {
        self.init(identifier: identifier, conversationIdentifier: nil, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: nil, messageType: .text, serviceName: nil)
    }

    /// A message in a conversation, with a group name.
    public convenience init(identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
                            sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?,
                            messageType: INMessageType) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content,
                  dateSent: dateSent, sender: sender, recipients: recipients, groupName: groupName,
                  messageType: messageType, serviceName: nil)
    }

    /// A message in a conversation.
    public convenience init(identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
                            sender: INPerson?, recipients: [INPerson]?, messageType: INMessageType) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content,
                  dateSent: dateSent, sender: sender, recipients: recipients, groupName: nil,
                  messageType: messageType, serviceName: nil)
    }
'''),
    dict(name="INCallRecord", doc="A call in the call history.",
         props=[("identifier", "String", None, "The app's identifier of the call."),
                ("dateCreated", "Date?", None, "When the call started."),
                ("caller", "INPerson?", None, "Who was on the other end."),
                ("callRecordType", "INCallRecordType", ".unknown", "Outgoing, missed, received…"),
                ("callCapability", "INCallCapability", ".unknown", "Audio or video."),
                ("callDuration", "Double?", None, "How long the call lasted, in seconds."),
                ("unseen", "Bool?", None, "Whether the user has not yet seen the call in the history."),
                ("numberOfCalls", "Int?", None, "How many calls this record stands for.")],
         inits='''
    /// A call record.
    public init(identifier: String, dateCreated: Date? = nil, caller: INPerson? = nil,
                callRecordType: INCallRecordType = .unknown, callCapability: INCallCapability = .unknown,
                callDuration: Double? = nil, unseen: Bool? = nil, numberOfCalls: Int? = nil) {
        self.identifier = identifier
        self.dateCreated = dateCreated
        self.caller = caller
        self.callRecordType = callRecordType
        self.callCapability = callCapability
        self.callDuration = callDuration
        self.unseen = unseen
        self.numberOfCalls = numberOfCalls
        super.init()
    }
'''),
    dict(name="INCallRecordFilter", doc="Which calls of the history a call-back request means.",
         props=[("participants", "[INPerson]?", None, "The people in the call."),
                ("callTypes", "INCallRecordTypeOptions", "[]", "The kinds of call."),
                ("callCapability", "INCallCapability", ".unknown", "Audio or video.")],
         inits='''
    /// A filter on participants, kinds and capability.
    public init(participants: [INPerson]?, callTypes: INCallRecordTypeOptions, callCapability: INCallCapability) {
        self.participants = participants
        self.callTypes = callTypes
        self.callCapability = callCapability
        super.init()
    }
'''),
    dict(name="INPaymentMethod", doc="An account or card a payment is made with.",
         props=[("type", "INPaymentMethodType", ".unknown", "The kind of account."),
                ("name", "String?", None, "The account's name."),
                ("identificationHint", "String?", None, "A hint that identifies the account, such as its last digits."),
                ("icon", "INImage?", None, "An image of the card or account.")],
         inits='''
    /// A payment method.
    public init(type: INPaymentMethodType, name: String?, identificationHint: String?, icon: INImage?) {
        self.type = type
        self.name = name
        self.identificationHint = identificationHint
        self.icon = icon
        super.init()
    }

    /// The system wallet as a payment method.
    public class func applePay() -> Self {
        self.init(type: .applePay, name: nil, identificationHint: nil, icon: nil)
    }
''', required_init="init(type:name:identificationHint:icon:)"),
    dict(name="INPaymentRecord", doc="The details of a payment sent or requested.",
         props=[("payee", "INPerson?", None, "Who receives the money."),
                ("payer", "INPerson?", None, "Who pays."),
                ("currencyAmount", "INCurrencyAmount?", None, "How much."),
                ("paymentMethod", "INPaymentMethod?", None, "The account used."),
                ("note", "String?", None, "What the payment is for."),
                ("status", "INPaymentStatus", ".unknown", "Where the payment stands."),
                ("feeAmount", "INCurrencyAmount?", None, "The fee charged.")],
         inits='''
    /// A payment record with a fee.
    public init?(payee: INPerson?, payer: INPerson?, currencyAmount: INCurrencyAmount?, paymentMethod: INPaymentMethod?,
                 note: String?, status: INPaymentStatus, feeAmount: INCurrencyAmount?) {
        self.payee = payee
        self.payer = payer
        self.currencyAmount = currencyAmount
        self.paymentMethod = paymentMethod
        self.note = note
        self.status = status
        self.feeAmount = feeAmount
        super.init()
    }

    /// A payment record without a fee.
    public convenience init?(payee: INPerson?, payer: INPerson?, currencyAmount: INCurrencyAmount?,
                             paymentMethod: INPaymentMethod?, note: String?, status: INPaymentStatus) {
        self.init(payee: payee, payer: payer, currencyAmount: currencyAmount, paymentMethod: paymentMethod,
                  note: note, status: status, feeAmount: nil)
    }
'''),
    dict(name="INPriceRange", doc="A price or a range of prices in one currency.",
         props=[("minimumPrice", "NSDecimalNumber?", None, "The lowest price, if there is one."),
                ("maximumPrice", "NSDecimalNumber?", None, "The highest price, if there is one."),
                ("currencyCode", "String", None, "The ISO 4217 currency code.")],
         inits='''
    init(minimum: NSDecimalNumber?, maximum: NSDecimalNumber?, currencyCode: String) {
        self.minimumPrice = minimum
        self.maximumPrice = maximum
        self.currencyCode = currencyCode
        super.init()
    }

    /// A range between two prices, in either order.
    public convenience init(firstPrice: NSDecimalNumber, secondPrice: NSDecimalNumber, currencyCode: String) {
        let ordered = firstPrice.compare(secondPrice) != .orderedDescending
        self.init(minimum: ordered ? firstPrice : secondPrice, maximum: ordered ? secondPrice : firstPrice,
                  currencyCode: currencyCode)
    }

    /// Any price up to a maximum.
    public convenience init(maximumPrice: NSDecimalNumber, currencyCode: String) {
        self.init(minimum: nil, maximum: maximumPrice, currencyCode: currencyCode)
    }

    /// Any price from a minimum.
    public convenience init(minimumPrice: NSDecimalNumber, currencyCode: String) {
        self.init(minimum: minimumPrice, maximum: nil, currencyCode: currencyCode)
    }

    /// One exact price.
    public convenience init(price: NSDecimalNumber, currencyCode: String) {
        self.init(minimum: price, maximum: price, currencyCode: currencyCode)
    }
'''),
    dict(name="INRideFareLineItem", doc="One line of a ride's fare breakdown.", mutable=False,
         props=[("title", "String", None, "What the line is for."),
                ("price", "NSDecimalNumber", None, "The amount."),
                ("currencyCode", "String", None, "The ISO 4217 currency code.")],
         inits='''
    /// A fare line; nil when the title or currency code is empty. Implicitly unwrapped, as Apple's SDK imports it.
    public init!(title: String, price: NSDecimalNumber, currencyCode: String) {
        guard !title.isEmpty, !currencyCode.isEmpty else { return nil }
        self.title = title
        self.price = price
        self.currencyCode = currencyCode
        super.init()
    }
'''),
    dict(name="INRidePartySizeOption", doc="A party size a ride option accepts, with its price.",
         props=[("partySizeRange", "NSRange", None, "The number of passengers (location = smallest, length = how many more)."),
                ("sizeDescription", "String", None, "How the option is described to the user."),
                ("priceRange", "INPriceRange?", None, "The price for this party size.")],
         inits='''
    /// A party size option.
    public init(partySizeRange: NSRange, sizeDescription: String, priceRange: INPriceRange?) {
        self.partySizeRange = partySizeRange
        self.sizeDescription = sizeDescription
        self.priceRange = priceRange
        super.init()
    }
'''),
    dict(name="INRideOption", doc="A kind of ride the service offers, with its price and pickup time.", mutable=True,
         props=[("name", "String", None, "The name of the option, as the user says it."),
                ("estimatedPickupDate", "Date", None, "When a car would arrive."),
                ("priceRange", "INPriceRange?", None, "The expected price."),
                ("usesMeteredFare", "Bool?", None, "Whether the price is metered."),
                ("disclaimerMessage", "String?", None, "A disclaimer shown with the option."),
                ("availablePartySizeOptions", "[INRidePartySizeOption]?", None, "The party sizes offered."),
                ("availablePartySizeOptionsSelectionPrompt", "String?", None, "The question asked to choose a party size."),
                ("specialPricing", "String?", None, "A note on surge or special pricing."),
                ("specialPricingBadgeImage", "INImage?", None, "An image shown with special pricing."),
                ("fareLineItems", "[INRideFareLineItem]?", None, "The breakdown of the fare."),
                ("userActivityForBookingInApplication", "NSUserActivity?", None, "Opens the app to book this option."),
                ("identifier", "String?", None, "The app's identifier of the option.")],
         inits='''
    /// A ride option with its name and pickup time.
    public init(name: String, estimatedPickupDate: Date) {
        self.name = name
        self.estimatedPickupDate = estimatedPickupDate
        super.init()
    }
'''),
    dict(name="INRideVehicle", doc="The car of a ride.", mutable=True,
         props=[("location", "CLLocation?", None, "Where the car is now."),
                ("registrationPlate", "String?", None, "The licence plate."),
                ("manufacturer", "String?", None, "The make."),
                ("model", "String?", None, "The model."),
                ("mapAnnotationImage", "INImage?", None, "The image that marks the car on a map.")],
         inits='''
    /// A vehicle with nothing known yet.
    public override init() {
        super.init()
    }
'''),
    dict(name="INRideStatus", doc="Where a ride stands: its phase, car, driver, times and places.", mutable=True,
         props=[("rideIdentifier", "String?", None, "The app's identifier of the ride."),
                ("phase", "INRidePhase", ".unknown", "The phase of the ride."),
                ("completionStatus", "INRideCompletionStatus?", None, "How the ride ended, once it has."),
                ("vehicle", "INRideVehicle?", None, "The car."),
                ("driver", "INRideDriver?", None, "The driver."),
                ("estimatedPickupDate", "Date?", None, "When the car is expected at the pickup."),
                ("estimatedDropOffDate", "Date?", None, "When the passenger is expected at the destination."),
                ("estimatedPickupEndDate", "Date?", None, "The end of the pickup window."),
                ("scheduledPickupTime", "INDateComponentsRange?", None, "The pickup time the user scheduled."),
                ("pickupLocation", "CLPlacemark?", None, "Where the passenger is picked up."),
                ("waypoints", "[CLPlacemark]?", None, "Stops on the way."),
                ("dropOffLocation", "CLPlacemark?", None, "Where the passenger is going."),
                ("rideOption", "INRideOption?", None, "The kind of ride booked."),
                ("userActivityForCancelingInApplication", "NSUserActivity?", None, "Opens the app to cancel the ride."),
                ("additionalActionActivities", "[NSUserActivity]?", None, "Further actions the app offers.")],
         inits='''
    /// A ride status with nothing known yet.
    public override init() {
        super.init()
    }
'''),
    dict(name="INRideDriver", superclass="INPerson", doc="The driver of a ride: a person with a rating and a phone number.",
         props=[("rating", "String?", None, "The driver's rating, as the app shows it."),
                ("phoneNumber", "String?", None, "The number to reach the driver.")],
         inits='''
''' + person_subclass_init("driver", ["rating", "phoneNumber"]) + '''
    /// A driver with a phone number.
    public convenience init(phoneNumber: String, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, rating: String?) {
        self.init(personHandle: INPersonHandle(value: phoneNumber, type: .phoneNumber, label: nil),
                  nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: nil, customIdentifier: nil, relationship: nil, aliases: nil,
                  suggestionType: .none, isMe: false)
        self.phoneNumber = phoneNumber
        self.rating = rating
    }

    /// A driver with a handle (the iOS 10.0 initializer).
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, rating: String?, phoneNumber: String?) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: nil, customIdentifier: nil, relationship: nil, aliases: nil,
                  suggestionType: .none, isMe: false)
        self.phoneNumber = phoneNumber
        self.rating = rating
    }
'''),
    dict(name="INBalanceAmount", doc="A balance: an amount of money in a currency, or of points or miles.",
         props=[("amount", "NSDecimalNumber?", None, "The amount."),
                ("balanceType", "INBalanceType", ".unknown", "What the amount counts."),
                ("currencyCode", "String?", None, "The ISO 4217 currency code, for money.")],
         inits='''
    /// An amount of points, miles or money without a currency; failable, as in Apple's SDK (never nil here).
    public init?(amount: NSDecimalNumber, balanceType: INBalanceType) {
        self.amount = amount
        self.balanceType = balanceType
        self.currencyCode = nil
        super.init()
    }

    /// An amount of money in the currency with the given ISO 4217 code.
    public init(amount: NSDecimalNumber, currencyCode: String) {
        self.amount = amount
        self.balanceType = .money
        self.currencyCode = currencyCode
        super.init()
    }
'''),
    dict(name="INPaymentAccount", doc="One of the user's accounts with an app: its nickname, kind, organization and balances.",
         props=[("nickname", "INSpeakableString?", None, "The account's name, as the user says it (\u201csalary account\u201d)."),
                ("accountNumber", "String?", None, "The account number, as the app shows it."),
                ("accountType", "INAccountType", ".unknown", "The kind of account."),
                ("organizationName", "INSpeakableString?", None, "The bank or company that keeps the account."),
                ("balance", "INBalanceAmount?", None, "The balance."),
                ("secondaryBalance", "INBalanceAmount?", None, "A second balance (points, miles, or another currency).")],
         inits='''
    /// An account with its balances (the iOS 11 initializer).
    public init(nickname: INSpeakableString, number: String?, accountType: INAccountType,
                organizationName: INSpeakableString?, balance: INBalanceAmount?, secondaryBalance: INBalanceAmount?) {
        self.nickname = nickname
        self.accountNumber = number
        self.accountType = accountType
        self.organizationName = organizationName
        self.balance = balance
        self.secondaryBalance = secondaryBalance
        super.init()
    }

    /// An account without balances (the iOS 10.3 initializer, failable as in Apple's SDK; never nil here).
    public convenience init?(nickname: INSpeakableString, number: String?, accountType: INAccountType,
                             organizationName: INSpeakableString?) {
        self.init(nickname: nickname, number: number, accountType: accountType, organizationName: organizationName,
                  balance: nil, secondaryBalance: nil)
    }
'''),
    dict(name="INRestaurant", doc="A restaurant, as a restaurant app and a maps client know it.", mutable=True,
         props=[("location", "CLLocation", None, "Where the restaurant is."),
                ("name", "String", None, "Its name."),
                ("vendorIdentifier", "String", None, "The app's (vendor's) identifier."),
                ("restaurantIdentifier", "String", None, "The restaurant's identifier at that vendor.")],
         inits='''
    /// A restaurant at a place.
    public init(location: CLLocation, name: String, vendorIdentifier: String, restaurantIdentifier: String) {
        self.location = location
        self.name = name
        self.vendorIdentifier = vendorIdentifier
        self.restaurantIdentifier = restaurantIdentifier
        super.init()
    }
'''),
    dict(name="INRestaurantGuest", superclass="INPerson", mutable=True,
         doc="The person a table is booked for: a person with a phone number and an e-mail address.",
         props=[("phoneNumber", "String?", None, "The guest's phone number."),
                ("emailAddress", "String?", None, "The guest's e-mail address.")],
         inits='''
''' + person_subclass_init("guest", ["phoneNumber", "emailAddress"]) + '''
    /// A guest with a name, a phone number and an e-mail address.
    public convenience init(nameComponents: PersonNameComponents?, phoneNumber: String?, emailAddress: String?) {
        let handle = phoneNumber.map { INPersonHandle(value: $0, type: .phoneNumber) }
            ?? emailAddress.map { INPersonHandle(value: $0, type: .emailAddress) }
        self.init(personHandle: handle, nameComponents: nameComponents, displayName: nil, image: nil,
                  contactIdentifier: nil, customIdentifier: nil, relationship: nil, aliases: nil,
                  suggestionType: .none, isMe: false)
        self.phoneNumber = phoneNumber
        self.emailAddress = emailAddress
    }
'''),
    dict(name="INRestaurantGuestDisplayPreferences", mutable=True,
         doc="Which of the guest's details the booking form shows, requires and lets the user edit.",
         props=[(n, "Bool", "false", d) for n, d in [
             ("nameFieldFirstNameOptional", "Whether the first name may be left out."),
             ("nameFieldLastNameOptional", "Whether the last name may be left out."),
             ("nameFieldShouldBeDisplayed", "Whether the name is shown."),
             ("emailAddressFieldShouldBeDisplayed", "Whether the e-mail address is shown."),
             ("phoneNumberFieldShouldBeDisplayed", "Whether the phone number is shown."),
             ("nameEditable", "Whether the user may change the name."),
             ("emailAddressEditable", "Whether the user may change the e-mail address."),
             ("phoneNumberEditable", "Whether the user may change the phone number.")]],
         inits='''
    /// Preferences with every field hidden and fixed; set the ones the app wants.
    public override init() {
        super.init()
    }
'''),
    dict(name="INRestaurantOffer", mutable=True, doc="A special offer that comes with a booking (a discount, a set menu).",
         props=[("offerTitleText", "String", "\"\"", "The offer's title."),
                ("offerDetailText", "String", "\"\"", "What the offer is."),
                ("offerIdentifier", "String", "\"\"", "The app's identifier of the offer.")],
         inits='''
    /// An offer with no text yet; set its properties.
    public override init() {
        super.init()
    }
'''),
    dict(name="INRestaurantReservationBooking", mutable=True, final=False,
         doc="A table a restaurant offers: when, for how many, and what the booking needs.",
         props=[("restaurant", "INRestaurant", None, "The restaurant."),
                ("bookingDescription", "String?", None, "A description of the table or the time."),
                ("bookingDate", "Date", None, "When the table is offered."),
                ("partySize", "Int", None, "For how many people."),
                ("bookingIdentifier", "String", None, "The app's identifier of the booking."),
                ("isBookingAvailable", "Bool", "true", "Whether the table can still be booked."),
                ("offers", "[INRestaurantOffer]?", None, "Offers that come with it."),
                ("requiresManualRequest", "Bool", "false", "Whether the restaurant confirms by hand."),
                ("requiresEmailAddress", "Bool", "false", "Whether the guest's e-mail address is needed."),
                ("requiresName", "Bool", "false", "Whether the guest's name is needed."),
                ("requiresPhoneNumber", "Bool", "false", "Whether the guest's phone number is needed.")],
         inits='''
    /// A table at a restaurant at a time, for a party.
    public init(restaurant: INRestaurant, booking bookingDate: Date, partySize: Int, bookingIdentifier: String) {
        self.restaurant = restaurant
        self.bookingDate = bookingDate
        self.partySize = partySize
        self.bookingIdentifier = bookingIdentifier
        super.init()
    }
'''),
    dict(name="INRestaurantReservationUserBooking", superclass="INRestaurantReservationBooking", mutable=True,
         doc="A table the user booked: the booking with its guest, status and what the guest asked for.",
         props=[("guest", "INRestaurantGuest", None, "Who the table is booked for."),
                ("advisementText", "String?", None, "Advice from the restaurant (\u201cthe table is kept for 15 minutes\u201d)."),
                ("selectedOffer", "INRestaurantOffer?", None, "The offer chosen."),
                ("guestProvidedSpecialRequestText", "String?", None, "What the guest asked for."),
                ("status", "INRestaurantReservationUserBookingStatus", ".pending", "Where the booking stands."),
                ("dateStatusModified", "Date", None, "When the status last changed.")],
         inits='''
    /// A booking made for a guest, with its status.
    public init(restaurant: INRestaurant, booking bookingDate: Date, partySize: Int, bookingIdentifier: String,
                guest: INRestaurantGuest, status: INRestaurantReservationUserBookingStatus, dateStatusModified: Date) {
        self.guest = guest
        self.status = status
        self.dateStatusModified = dateStatusModified
        super.init(restaurant: restaurant, booking: bookingDate, partySize: partySize, bookingIdentifier: bookingIdentifier)
    }
'''),
    dict(name="INTermsAndConditions", doc="The terms a booking or an account comes with.",
         props=[("localizedTermsAndConditionsText", "String", None, "The terms, in the user's language."),
                ("privacyPolicyURL", "URL?", None, "Where the privacy policy is."),
                ("termsAndConditionsURL", "URL?", None, "Where the full terms are.")],
         inits='''
    /// Terms with their text and links.
    public init(localizedTermsAndConditionsText: String, privacyPolicyURL: URL?, termsAndConditionsURL: URL?) {
        self.localizedTermsAndConditionsText = localizedTermsAndConditionsText
        self.privacyPolicyURL = privacyPolicyURL
        self.termsAndConditionsURL = termsAndConditionsURL
        super.init()
    }
'''),
]

# ---------------------------------------------------------------------------
# Intents.
#
# param(name, type, doc, results=[newest result type first] or [], swift3=True, default=None,
#       list=False, fallback=None)
#   results: resolution result types; the first is the iOS 11+ type, a second is the older one it refines.
#   swift3:  whether the iOS 10 labelled spelling resolveX(forVerb:with:) exists.
#   fallback: a deprecated parameter that stands for this one (resolved only if this one is not).
# Params are listed in the order the assistant resolves them; `init` lists the designated initializer's labels.

def param(name, type, doc, results=(), swift3=True, default=None, fallback=None, computed=None, settable=False):
    return dict(name=name, type=type, doc=doc, results=list(results), swift3=swift3, default=default,
                fallback=fallback, computed=computed, settable=settable)


COMMON_CODES = {
    "unspecified": "No code was given.",
    "ready": "The app can handle the intent (the answer to confirm).",
    "inProgress": "Handling has started and continues in the background.",
    "success": "The intent was handled.",
    "failure": "The intent could not be handled.",
    "failureRequiringAppLaunch": "The intent can only be completed in the app.",
    "continueInApp": "The app continues the work in the foreground.",
    "handleInApp": "The app does the work in the background.",
    "userConfirmationRequired": "The user must confirm before the app acts.",
    "failureRequiringInAppAuthentication": "The user must sign in within the app.",
    "failureAppConfigurationRequired": "The app must be set up first.",
}

MESSAGE_CODES = ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                 ("failureMessageServiceNotAvailable", "The messaging service is not available.")]
WORKOUT_CONTROL_CODES = ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                         ("failureNoMatchingWorkout", "No workout matches."), "handleInApp", "success"]
PHOTO_CODES = ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
               "failureAppConfigurationRequired"]
PAYMENT_CODES_HEAD = ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                      ("failureCredentialsUnverified", "The user's credentials are not verified."),
                      ("failurePaymentsAmountBelowMinimum", "The amount is below the minimum."),
                      ("failurePaymentsAmountAboveMaximum", "The amount is above the maximum."),
                      ("failurePaymentsCurrencyUnsupported", "The currency is not supported.")]
PAYMENT_CODES_TAIL = [("failureNoBankAccount", "The user has no bank account with the app."),
                      ("failureNotEligible", "The user is not eligible."),
                      ("failureTermsAndConditionsAcceptanceRequired", "The user must accept the terms first.")]
RIDE_APP_LAUNCH_CODES = [
    ("failureRequiringAppLaunchMustVerifyCredentials", "The user must sign in within the app."),
    ("failureRequiringAppLaunchNoServiceInArea", "There is no service in the area."),
    ("failureRequiringAppLaunchServiceTemporarilyUnavailable", "The service is unavailable for now."),
    ("failureRequiringAppLaunchPreviousRideNeedsCompletion", "An earlier ride must be completed first.")]


def workout_control(name, verb, doc):
    return dict(name=name, verb=verb, domain="workouts", doc=doc,
                params=[param("workoutName", "INSpeakableString?", "The name of the workout.",
                              ["INSpeakableStringResolutionResult"])],
                init=["workoutName"], codes=WORKOUT_CONTROL_CODES, response_props=[])


def photo_params(search_terms_resolvable):
    return [
        param("albumName", "String?", "The album to look in.", ["INStringResolutionResult"]),
        param("peopleInPhoto", "[INPerson]?", "People who appear in the photos.", ["INPersonResolutionResult"]),
        param("searchTerms", "[String]?", "Words describing the photos.",
              ["INStringResolutionResult"] if search_terms_resolvable else [], swift3=False),
        param("locationCreated", "CLPlacemark?", "Where the photos were taken.", ["INPlacemarkResolutionResult"]),
        param("dateCreated", "INDateComponentsRange?", "When the photos were taken.",
              ["INDateComponentsRangeResolutionResult"]),
        param("includedAttributes", "INPhotoAttributeOptions", "Attributes the photos must have.", default="[]"),
        param("excludedAttributes", "INPhotoAttributeOptions", "Attributes the photos must not have.", default="[]"),
        param("searchTermsOperator", "INConditionalOperator", "How the search terms combine.", default=".all"),
        param("peopleInPhotoOperator", "INConditionalOperator", "How the people combine.", default=".all"),
    ]


PHOTO_INIT = ["dateCreated", "locationCreated", "albumName", "searchTerms", ("includedAttributes", "[]"),
              ("excludedAttributes", "[]"), "peopleInPhoto"]

INTENTS = [
    # ---- messaging
    dict(name="INSendMessageIntent", verb="sendMessage", domain="messaging",
         doc="A request to send a message to one or more people.",
         params=[
             param("recipients", "[INPerson]?", "The people to send the message to.",
                   ["INSendMessageRecipientResolutionResult", "INPersonResolutionResult"]),
             param("content", "String?", "The text of the message.", ["INStringResolutionResult"]),
             param("speakableGroupName", "INSpeakableString?", "The name of the group conversation.",
                   ["INSpeakableStringResolutionResult"], swift3=False, fallback="groupName"),
             param("outgoingMessageType", "INOutgoingMessageType", "Whether the message is text or audio.",
                   ["INOutgoingMessageTypeResolutionResult"], swift3=False, default=".unknown"),
             param("conversationIdentifier", "String?", "The app's identifier of the conversation."),
             param("serviceName", "String?", "The service to send the message with."),
             param("sender", "INPerson?", "Who sends the message."),
             param("groupName", "String?", "The group name as plain text (iOS 10; use `speakableGroupName`).",
                   ["INStringResolutionResult"], computed="speakableGroupName?.spokenPhrase"),
         ],
         init=["recipients", "content", "speakableGroupName", "conversationIdentifier", "serviceName", "sender"],
         extra_inits='''
    /// A message request with a plain-text group name (the iOS 10 initializer).
    public convenience init(recipients: [INPerson]?, content: String?, groupName: String?, serviceName: String?,
                            sender: INPerson?) {
        self.init(recipients: recipients, content: content,
                  speakableGroupName: groupName.map { INSpeakableString(spokenPhrase: $0) },
                  conversationIdentifier: nil, serviceName: serviceName, sender: sender)
    }

    /// A message request that says whether the message is text or audio.
    public convenience init(recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
                            speakableGroupName: INSpeakableString?, conversationIdentifier: String?,
                            serviceName: String?, sender: INPerson?) {
        self.init(recipients: recipients, content: content, speakableGroupName: speakableGroupName,
                  conversationIdentifier: conversationIdentifier, serviceName: serviceName, sender: sender)
        self.outgoingMessageType = outgoingMessageType
    }
''',
         codes=MESSAGE_CODES + ["failureRequiringInAppAuthentication"],
         response_props=[("sentMessage", "INMessage?", "The message that was sent.")]),
    dict(name="INSearchForMessagesIntent", verb="searchForMessages", domain="messaging",
         doc="A request to find messages by sender, recipient, content, date or state.",
         params=[
             param("senders", "[INPerson]?", "People who sent the messages.", ["INPersonResolutionResult"]),
             param("recipients", "[INPerson]?", "People who received the messages.", ["INPersonResolutionResult"]),
             param("speakableGroupNames", "[INSpeakableString]?", "Group conversations to search.",
                   ["INSpeakableStringResolutionResult"], swift3=False, fallback="groupNames"),
             param("attributes", "INMessageAttributeOptions", "States the messages must have (read, flagged…).",
                   ["INMessageAttributeOptionsResolutionResult"], default="[]"),
             param("dateTimeRange", "INDateComponentsRange?", "When the messages were sent.",
                   ["INDateComponentsRangeResolutionResult"]),
             param("searchTerms", "[String]?", "Words the messages contain."),
             param("identifiers", "[String]?", "The app's identifiers of particular messages."),
             param("notificationIdentifiers", "[String]?", "Identifiers of notifications about the messages."),
             param("conversationIdentifiers", "[String]?", "The app's identifiers of conversations."),
             param("recipientsOperator", "INConditionalOperator", "How the recipients combine.", default=".all"),
             param("sendersOperator", "INConditionalOperator", "How the senders combine.", default=".all"),
             param("searchTermsOperator", "INConditionalOperator", "How the search terms combine.", default=".all"),
             param("identifiersOperator", "INConditionalOperator", "How the identifiers combine.", default=".all"),
             param("notificationIdentifiersOperator", "INConditionalOperator",
                   "How the notification identifiers combine.", default=".all"),
             param("speakableGroupNamesOperator", "INConditionalOperator", "How the group names combine.",
                   default=".all"),
             param("conversationIdentifiersOperator", "INConditionalOperator",
                   "How the conversation identifiers combine.", default=".all"),
             param("groupNames", "[String]?", "Group names as plain text (iOS 10; use `speakableGroupNames`).",
                   ["INStringResolutionResult"], computed="speakableGroupNames?.map(\\.spokenPhrase)"),
         ],
         init=["recipients", "senders", "searchTerms", ("attributes", "[]"), ("dateTime", "dateTimeRange"),
               "identifiers", "notificationIdentifiers", "speakableGroupNames", "conversationIdentifiers"],
         extra_inits='''
    /// A search with plain-text group names (the iOS 10 initializer).
    public convenience init(recipients: [INPerson]?, senders: [INPerson]?, searchTerms: [String]?,
                            attributes: INMessageAttributeOptions = [], dateTime dateTimeRange: INDateComponentsRange?,
                            identifiers: [String]?, notificationIdentifiers: [String]?, groupNames: [String]?) {
        self.init(recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
                  dateTime: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
                  speakableGroupNames: groupNames?.map { INSpeakableString(spokenPhrase: $0) },
                  conversationIdentifiers: nil)
    }

    /// A search in group conversations (the iOS 11 initializer).
    public convenience init(recipients: [INPerson]?, senders: [INPerson]?, searchTerms: [String]?,
                            attributes: INMessageAttributeOptions = [], dateTime dateTimeRange: INDateComponentsRange?,
                            identifiers: [String]?, notificationIdentifiers: [String]?,
                            speakableGroupNames: [INSpeakableString]?) {
        self.init(recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
                  dateTime: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
                  speakableGroupNames: speakableGroupNames, conversationIdentifiers: nil)
    }

    /// How the group names combine (iOS 10; use `speakableGroupNamesOperator`).
    public var groupNamesOperator: INConditionalOperator { speakableGroupNamesOperator }
''',
         codes=MESSAGE_CODES + [("failureMessageTooManyResults", "Too many messages match."),
                                "failureRequiringInAppAuthentication"],
         response_props=[("messages", "[INMessage]?", "The messages found.")]),
    dict(name="INSetMessageAttributeIntent", verb="setMessageAttribute", domain="messaging",
         doc="A request to mark messages read, unread, flagged or unflagged.",
         params=[
             param("attribute", "INMessageAttribute", "The state to set.", ["INMessageAttributeResolutionResult"],
                   default=".unknown"),
             param("identifiers", "[String]?", "The app's identifiers of the messages."),
         ],
         init=["identifiers", "attribute"],
         codes=["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                ("failureMessageNotFound", "No such message."),
                ("failureMessageAttributeNotSet", "The attribute could not be set.")],
         response_props=[]),
    # ---- calls
    dict(name="INStartAudioCallIntent", verb="startAudioCall", domain="calls",
         doc="A request to start an audio call.",
         params=[
             param("contacts", "[INPerson]?", "The people to call.", ["INPersonResolutionResult"]),
             param("destinationType", "INCallDestinationType", "Where the call goes.",
                   ["INCallDestinationTypeResolutionResult"], swift3=False, default=".unknown"),
         ],
         init=["destinationType", "contacts"],
         extra_inits='''
    /// A call to contacts (the iOS 10 initializer).
    public convenience init(contacts: [INPerson]?) {
        self.init(destinationType: .unknown, contacts: contacts)
    }
''',
         codes=["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                "failureAppConfigurationRequired",
                ("failureCallingServiceNotAvailable", "The calling service is not available."),
                ("failureContactNotSupportedByApp", "The app can't call this contact."),
                ("failureNoValidNumber", "The contact has no number the app can call.")],
         response_props=[]),
    dict(name="INStartVideoCallIntent", verb="startVideoCall", domain="calls",
         doc="A request to start a video call.",
         params=[param("contacts", "[INPerson]?", "The people to call.", ["INPersonResolutionResult"])],
         init=["contacts"],
         codes=["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                "failureAppConfigurationRequired",
                ("failureCallingServiceNotAvailable", "The calling service is not available."),
                ("failureContactNotSupportedByApp", "The app can't call this contact."),
                ("failureInvalidNumber", "The number is not valid.")],
         response_props=[]),
    dict(name="INSearchCallHistoryIntent", verb="searchCallHistory", domain="calls",
         doc="A request to find calls in the call history.",
         params=[
             param("recipient", "INPerson?", "The other person in the call.", ["INPersonResolutionResult"]),
             param("callTypes", "INCallRecordTypeOptions", "The kinds of call to find.",
                   ["INCallRecordTypeOptionsResolutionResult"], swift3=False, default="[]", fallback="callType"),
             param("dateCreated", "INDateComponentsRange?", "When the calls took place.",
                   ["INDateComponentsRangeResolutionResult"]),
             param("unseen", "Bool?", "Whether to find only calls the user has not seen.",
                   ["INBooleanResolutionResult"], swift3=False),
             param("callCapabilities", "INCallCapabilityOptions", "Audio calls, video calls or both.", default="[]"),
             param("callType", "INCallRecordType", "One kind of call (iOS 10; use `callTypes`).",
                   ["INCallRecordTypeResolutionResult"],
                   computed="INCallRecordType(singleOptionOf: callTypes)"),
         ],
         init=[("dateCreated", "nil"), ("recipient", "nil"), "callCapabilities", "callTypes", ("unseen", "nil")],
         extra_inits='''
    /// A search for one kind of call (the iOS 10 initializer).
    public convenience init(callType: INCallRecordType, dateCreated: INDateComponentsRange?, recipient: INPerson?,
                            callCapabilities: INCallCapabilityOptions = []) {
        self.init(dateCreated: dateCreated, recipient: recipient, callCapabilities: callCapabilities,
                  callTypes: INCallRecordTypeOptions(recordType: callType))
    }

    /// A search for one kind of call (the iOS 10 initializer as later SDKs spell it).
    public convenience init(call callType: INCallRecordType, dateCreated: INDateComponentsRange?, recipient: INPerson?,
                            callCapabilities: INCallCapabilityOptions = []) {
        self.init(callType: callType, dateCreated: dateCreated, recipient: recipient, callCapabilities: callCapabilities)
    }
''',
         codes=["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                "failureAppConfigurationRequired", "inProgress", "success"],
         response_props=[("callRecords", "[INCallRecord]?", "The calls found.")]),
    dict(name="INStartCallIntent", verb="startCall", domain="calls", swift3=False,
         doc="A request to start an audio or video call, or to call someone back.",
         params=[
             param("contacts", "[INPerson]?", "The people to call.", ["INStartCallContactResolutionResult"], swift3=False),
             param("callCapability", "INCallCapability", "Audio or video.",
                   ["INStartCallCallCapabilityResolutionResult"], swift3=False, default=".unknown"),
             param("destinationType", "INCallDestinationType", "Where the call goes.",
                   ["INCallDestinationTypeResolutionResult"], swift3=False, default=".unknown"),
             param("callRecordToCallBack", "INCallRecord?", "The call to return.",
                   ["INStartCallCallRecordToCallBackResolutionResult"], swift3=False),
             param("audioRoute", "INCallAudioRoute", "The audio device to use.", default=".unknown"),
             param("callRecordFilter", "INCallRecordFilter?", "Which earlier call the user means."),
             param("recordTypeForRedialing", "INCallRecordType", "The kind of call to redial (iOS 13).",
                   default=".unknown"),
         ],
         init=["callRecordFilter", "callRecordToCallBack", "audioRoute", "destinationType", "contacts", "callCapability"],
         extra_inits='''
    /// A call request with a redial kind (the iOS 13 initializer).
    public convenience init(audioRoute: INCallAudioRoute, destinationType: INCallDestinationType, contacts: [INPerson]?,
                            recordTypeForRedialing: INCallRecordType, callCapability: INCallCapability) {
        self.init(callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: audioRoute,
                  destinationType: destinationType, contacts: contacts, callCapability: callCapability)
        self.recordTypeForRedialing = recordTypeForRedialing
    }
''',
         codes=["unspecified", "ready", "continueInApp", "userConfirmationRequired", "failure",
                "failureRequiringAppLaunch",
                ("failureCallingServiceNotAvailable", "The calling service is not available."),
                ("failureContactNotSupportedByApp", "The app can't call this contact."),
                ("failureAirplaneModeEnabled", "Airplane mode is on."),
                ("failureUnableToHandOff", "The call can't be handed to another device."),
                "failureAppConfigurationRequired",
                ("failureCallInProgress", "Another call is in progress."),
                ("failureCallRinging", "Another call is ringing."),
                "failureRequiringInAppAuthentication"],
         response_props=[]),
    # ---- payments
    dict(name="INSendPaymentIntent", verb="sendPayment", domain="payments",
         doc="A request to pay someone.",
         params=[
             param("payee", "INPerson?", "Who receives the money.",
                   ["INSendPaymentPayeeResolutionResult", "INPersonResolutionResult"]),
             param("currencyAmount", "INCurrencyAmount?", "How much to pay.",
                   ["INSendPaymentCurrencyAmountResolutionResult", "INCurrencyAmountResolutionResult"]),
             param("note", "String?", "What the payment is for.", ["INStringResolutionResult"]),
         ],
         init=["payee", "currencyAmount", "note"],
         codes=PAYMENT_CODES_HEAD + [("failureInsufficientFunds", "The account lacks the funds.")] + PAYMENT_CODES_TAIL,
         response_props=[("paymentRecord", "INPaymentRecord?", "The payment as made or about to be made.")]),
    dict(name="INRequestPaymentIntent", verb="requestPayment", domain="payments",
         doc="A request to ask someone for money.",
         params=[
             param("payer", "INPerson?", "Who is asked to pay.",
                   ["INRequestPaymentPayerResolutionResult", "INPersonResolutionResult"]),
             param("currencyAmount", "INCurrencyAmount?", "How much to request.",
                   ["INRequestPaymentCurrencyAmountResolutionResult", "INCurrencyAmountResolutionResult"]),
             param("note", "String?", "What the money is for.", ["INStringResolutionResult"]),
         ],
         init=["payer", "currencyAmount", "note"],
         codes=PAYMENT_CODES_HEAD + PAYMENT_CODES_TAIL,
         response_props=[("paymentRecord", "INPaymentRecord?", "The request as made or about to be made.")]),
    dict(name="INSearchForAccountsIntent", verb="searchForAccounts", domain="payments", swift3=False,
         doc="A request for the user's accounts with an app and their balances (iOS 11).",
         params=[
             param("accountNickname", "INSpeakableString?", "The account's name, as the user said it.",
                   ["INSpeakableStringResolutionResult"], swift3=False),
             param("accountType", "INAccountType", "The kind of account.", ["INAccountTypeResolutionResult"],
                   swift3=False, default=".unknown"),
             param("organizationName", "INSpeakableString?", "The bank or company that keeps the account.",
                   ["INSpeakableStringResolutionResult"], swift3=False),
             param("requestedBalanceType", "INBalanceType", "Which balance the user asks for.",
                   ["INBalanceTypeResolutionResult"], swift3=False, default=".unknown"),
         ],
         init=["accountNickname", "accountType", "organizationName", "requestedBalanceType"],
         codes=["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                ("failureCredentialsUnverified", "The user's credentials are not verified."),
                ("failureAccountNotFound", "No account matches."),
                ("failureTermsAndConditionsAcceptanceRequired", "The user must accept the terms first."),
                ("failureNotEligible", "The user is not eligible.")],
         response_props=[("accounts", "[INPaymentAccount]?", "The accounts found.")]),
    # ---- rides
    dict(name="INRequestRideIntent", verb="requestRide", domain="rides",
         doc="A request to book a ride.",
         params=[
             param("pickupLocation", "CLPlacemark?", "Where to be picked up.", ["INPlacemarkResolutionResult"]),
             param("dropOffLocation", "CLPlacemark?", "Where to go.", ["INPlacemarkResolutionResult"]),
             param("rideOptionName", "INSpeakableString?", "The kind of ride.", ["INSpeakableStringResolutionResult"]),
             param("partySize", "Int?", "How many passengers.", ["INIntegerResolutionResult"]),
             param("scheduledPickupTime", "INDateComponentsRange?", "When to be picked up, if not now.",
                   ["INDateComponentsRangeResolutionResult"]),
             param("paymentMethod", "INPaymentMethod?", "How to pay."),
         ],
         init=[("pickupLocation", "nil"), ("dropOffLocation", "nil"), ("rideOptionName", "nil"), ("partySize", "nil"),
               ("paymentMethod", "nil"), ("scheduledPickupTime", "nil")],
         codes=["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"]
               + RIDE_APP_LAUNCH_CODES
               + [("failureRequiringAppLaunchRideScheduledTooFar", "The pickup time is too far ahead.")],
         response_props=[("rideStatus", "INRideStatus?", "The booked ride.")]),
    dict(name="INListRideOptionsIntent", verb="listRideOptions", domain="rides",
         doc="A request for the kinds of ride available between two places (a maps client's question).",
         params=[
             param("pickupLocation", "CLPlacemark?", "Where to be picked up.", ["INPlacemarkResolutionResult"]),
             param("dropOffLocation", "CLPlacemark?", "Where to go.", ["INPlacemarkResolutionResult"]),
         ],
         init=["pickupLocation", "dropOffLocation"],
         codes=["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"]
               + RIDE_APP_LAUNCH_CODES
               + [("failurePreviousRideNeedsFeedback", "The user must rate an earlier ride first.")],
         response_props=[("rideOptions", "[INRideOption]?", "The kinds of ride offered."),
                         ("paymentMethods", "[INPaymentMethod]?", "The ways to pay."),
                         ("expirationDate", "Date?", "When the offer expires.")]),
    dict(name="INGetRideStatusIntent", verb="getRideStatus", domain="rides",
         doc="A request for the status of the user's current ride.",
         params=[], init=[], ride_status_updates=True,
         codes=["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                RIDE_APP_LAUNCH_CODES[0], RIDE_APP_LAUNCH_CODES[2]],
         response_props=[("rideStatus", "INRideStatus?", "The ride's status.")]),
    dict(name="INCancelRideIntent", verb="cancelRide", domain="rides", renamed=False,
         doc="A request to cancel a booked ride.",
         params=[param("rideIdentifier", "String", "The app's identifier of the ride.")],
         init=["rideIdentifier"],
         codes=["unspecified", "ready", "success", "failure"],
         response_props=[("cancellationFee", "INCurrencyAmount?", "The fee for cancelling."),
                         ("cancellationFeeThreshold", "DateComponents?", "How long the user can cancel for free.")]),
    dict(name="INSendRideFeedbackIntent", verb="sendRideFeedback", domain="rides", renamed=False,
         doc="A request to rate a finished ride and tip its driver (iOS 11).",
         params=[param("rideIdentifier", "String", "The app's identifier of the ride."),
                 param("rating", "NSNumber?", "The rating the user gives.", settable=True),
                 param("tip", "INCurrencyAmount?", "The tip the user gives.", settable=True)],
         init=["rideIdentifier"],
         codes=["unspecified", "ready", "success", "failure"],
         response_props=[]),
    # ---- workouts
    dict(name="INStartWorkoutIntent", verb="startWorkout", domain="workouts",
         doc="A request to start a workout.",
         params=[
             param("workoutName", "INSpeakableString?", "The name of the workout.",
                   ["INSpeakableStringResolutionResult"]),
             param("goalValue", "Double?", "The goal, in `workoutGoalUnitType` units.", ["INDoubleResolutionResult"]),
             param("workoutGoalUnitType", "INWorkoutGoalUnitType", "The unit of the goal.",
                   ["INWorkoutGoalUnitTypeResolutionResult"], default=".unknown"),
             param("workoutLocationType", "INWorkoutLocationType", "Indoors or outdoors.",
                   ["INWorkoutLocationTypeResolutionResult"], default=".unknown"),
             param("isOpenEnded", "Bool?", "Whether the workout has no goal.", ["INBooleanResolutionResult"]),
         ],
         init=[("workoutName", "nil"), ("goalValue", "nil"), ("workoutGoalUnitType", ".unknown"),
               ("workoutLocationType", ".unknown"), ("isOpenEnded", "nil")],
         codes=["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                ("failureOngoingWorkout", "Another workout is going on."),
                ("failureNoMatchingWorkout", "No workout matches."), "handleInApp", "success"],
         response_props=[]),
    workout_control("INPauseWorkoutIntent", "pauseWorkout", "A request to pause the current workout."),
    workout_control("INResumeWorkoutIntent", "resumeWorkout", "A request to resume a paused workout."),
    workout_control("INEndWorkoutIntent", "endWorkout", "A request to end the current workout."),
    workout_control("INCancelWorkoutIntent", "cancelWorkout", "A request to cancel the current workout."),
    # ---- photos
    dict(name="INSearchForPhotosIntent", verb="searchForPhotos", domain="photos",
         doc="A request to find photos by album, people, place, date or description.",
         params=photo_params(True), init=PHOTO_INIT, codes=PHOTO_CODES,
         response_props=[("searchResultsCount", "Int?", "How many photos were found.")]),
    dict(name="INStartPhotoPlaybackIntent", verb="startPhotoPlayback", domain="photos",
         doc="A request to show photos as a slideshow.",
         params=photo_params(False), init=PHOTO_INIT, codes=PHOTO_CODES,
         response_props=[("searchResultsCount", "Int?", "How many photos will be shown.")]),
    # ---- restaurant reservations (Maps only in iOS 10: never renamed, resolvers take `completion:`)
    dict(name="INBookRestaurantReservationIntent", verb="bookRestaurantReservation", domain="restaurants",
         renamed=False, resolve_label="completion", code_enum="INBookRestaurantReservationIntentCode",
         doc="A request to book a table at a restaurant (a maps client's booking).",
         params=[
             param("restaurant", "INRestaurant", "The restaurant.", ["INRestaurantResolutionResult"], settable=True),
             param("bookingDateComponents", "DateComponents", "When.", ["INDateComponentsResolutionResult"], settable=True),
             param("partySize", "Int", "For how many people.", ["INIntegerResolutionResult"], settable=True),
             param("bookingIdentifier", "String?", "The booking chosen from the available ones.", settable=True),
             param("guest", "INRestaurantGuest?", "Who the table is for.", ["INRestaurantGuestResolutionResult"], settable=True),
             param("selectedOffer", "INRestaurantOffer?", "The offer chosen.", settable=True),
             param("guestProvidedSpecialRequestText", "String?", "What the guest asks for.",
                   ["INStringResolutionResult"], settable=True),
         ],
         init=["restaurant", ("booking", "bookingDateComponents"), "partySize", "bookingIdentifier", "guest",
               "selectedOffer", "guestProvidedSpecialRequestText"],
         codes=[("success", "The table is booked (or requested)."), ("denied", "The restaurant refused the booking."),
                "failure", "failureRequiringAppLaunch",
                ("failureRequiringAppLaunchMustVerifyCredentials", "The user must sign in within the app."),
                ("failureRequiringAppLaunchServiceTemporarilyUnavailable", "The service is unavailable for now.")],
         response_props=[("userBooking", "INRestaurantReservationUserBooking?", "The booking made.")]),
    dict(name="INGetAvailableRestaurantReservationBookingsIntent", verb="getAvailableRestaurantReservationBookings",
         domain="restaurants", renamed=False, resolve_label="completion",
         code_enum="INGetAvailableRestaurantReservationBookingsIntentCode",
         doc="A request for the tables a restaurant has for a party around a time.",
         params=[
             param("restaurant", "INRestaurant", "The restaurant.", ["INRestaurantResolutionResult"], settable=True),
             param("partySize", "Int", "For how many people.", ["INIntegerResolutionResult"], settable=True),
             param("preferredBookingDateComponents", "DateComponents?", "The time the user would like.",
                   ["INDateComponentsResolutionResult"], settable=True),
             param("maximumNumberOfResults", "NSNumber?", "At most this many tables.", settable=True),
             param("earliestBookingDateForResults", "Date?", "No table before this.", settable=True),
             param("latestBookingDateForResults", "Date?", "No table after this.", settable=True),
         ],
         init=["restaurant", "partySize", ("preferredBooking", "preferredBookingDateComponents"), "maximumNumberOfResults",
               "earliestBookingDateForResults", "latestBookingDateForResults"],
         codes=[("success", "The tables are listed."), "failure",
                ("failureRequestUnsatisfiable", "No table fits the request."),
                ("failureRequestUnspecified", "The request says too little.")],
         response_init=[("availableBookings", "availableBookings")],
         response_props=[("availableBookings", "[INRestaurantReservationBooking]", "The tables offered."),
                         ("localizedRestaurantDescriptionText", "String?", "A description of the restaurant."),
                         ("localizedBookingAdvisementText", "String?", "Advice about booking."),
                         ("termsAndConditions", "INTermsAndConditions?", "The terms of booking.")]),
    dict(name="INGetUserCurrentRestaurantReservationBookingsIntent", verb="getUserCurrentRestaurantReservationBookings",
         domain="restaurants", renamed=False, resolve_label="completion",
         doc="A request for the user's current table bookings.",
         params=[
             param("restaurant", "INRestaurant?", "Only bookings at this restaurant.", ["INRestaurantResolutionResult"],
                   settable=True),
             param("reservationIdentifier", "String?", "Only this booking.", settable=True),
             param("maximumNumberOfResults", "NSNumber?", "At most this many bookings.", settable=True),
             param("earliestBookingDateForResults", "Date?", "No booking before this.", settable=True),
         ],
         init=["restaurant", "reservationIdentifier", "maximumNumberOfResults", "earliestBookingDateForResults"],
         codes=[("success", "The bookings are listed."), "failure",
                ("failureRequestUnsatisfiable", "No booking fits the request."), "unspecified"],
         response_init=[("userCurrentBookings", "userCurrentBookings")],
         response_props=[("userCurrentBookings", "[INRestaurantReservationUserBooking]", "The user's bookings.")]),
    dict(name="INGetAvailableRestaurantReservationBookingDefaultsIntent",
         verb="getAvailableRestaurantReservationBookingDefaults", domain="restaurants", renamed=False,
         resolve_label="completion",
         doc="A request for a restaurant's booking defaults: party size, time and limits.",
         params=[param("restaurant", "INRestaurant?", "The restaurant.", ["INRestaurantResolutionResult"], settable=True)],
         init=["restaurant"],
         codes=[("success", "The defaults are given."), "failure", "unspecified"],
         response_init=[("defaultPartySize", "defaultPartySize"), ("defaultBooking", "defaultBookingDate")],
         response_props=[("defaultPartySize", "Int", "The party size to suggest."),
                         ("defaultBookingDate", "Date", "The time to suggest."),
                         ("maximumPartySize", "NSNumber?", "The largest party."),
                         ("minimumPartySize", "NSNumber?", "The smallest party."),
                         ("providerImage", "INImage?", "The app's image shown with the restaurant.")]),
    dict(name="INGetRestaurantGuestIntent", verb="getRestaurantGuest", domain="restaurants", renamed=False,
         resolve_label="completion",
         doc="A request for the guest details the app holds for the user, to fill the booking form.",
         params=[], init=[],
         codes=[("success", "The guest is given."), "failure"],
         response_props=[("guest", "INRestaurantGuest?", "The user as a guest."),
                         ("guestDisplayPreferences", "INRestaurantGuestDisplayPreferences?", "How the form shows the guest.")]),
]

# The domain umbrella protocols: (name, doc, [intent])
DOMAINS = [
    ("INMessagesDomainHandling", "Handles every messaging intent.",
     ["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"]),
    ("INCallsDomainHandling", "Handles every calling intent of iOS 10.",
     ["INStartAudioCallIntent", "INStartVideoCallIntent", "INSearchCallHistoryIntent"]),
    ("INPaymentsDomainHandling", "Handles sending and requesting payments.",
     ["INSendPaymentIntent", "INRequestPaymentIntent"]),
    ("INRidesharingDomainHandling", "Handles listing ride options, booking, following, cancelling and rating rides.",
     ["INListRideOptionsIntent", "INRequestRideIntent", "INGetRideStatusIntent", "INCancelRideIntent",
      "INSendRideFeedbackIntent"]),
    ("INWorkoutsDomainHandling", "Handles starting, pausing, resuming, ending and cancelling workouts.",
     ["INStartWorkoutIntent", "INPauseWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
      "INResumeWorkoutIntent"]),
    ("INPhotosDomainHandling", "Handles photo search and slideshows.",
     ["INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"]),
]

# ---------------------------------------------------------------------------
# What the assistant knows beyond the SDK.
# The intents its language models learn to recognise from what people say; the three call intents are learned as
# one, INStartCallIntent, and told apart by what the app supports (`IntentName.understood`).
UNDERSTOOD_INTENTS = [
    "INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent", "INStartCallIntent",
    "INSearchCallHistoryIntent", "INSendPaymentIntent", "INRequestPaymentIntent", "INRequestRideIntent",
    "INListRideOptionsIntent", "INGetRideStatusIntent", "INCancelRideIntent", "INStartWorkoutIntent",
    "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
    "INSearchForPhotosIntent", "INStartPhotoPlaybackIntent",
]
