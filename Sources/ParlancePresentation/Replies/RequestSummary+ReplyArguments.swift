import ParlanceCore

extension RequestSummary {
    /// The summary as a message's arguments: `summary` names the case (for a select), the rest are its values,
    /// named after the parameter they come from where there is one (`count` for every number found).
    var replyArguments: [String: ReplyArgument?] {
        switch self {
        case let .sendMessage(content, recipients):
            ["summary": .text("sendMessage"), ParameterName.content.rawValue: content.reply,
             ParameterName.recipients.rawValue: recipients.reply]
        case .searchMessages(let found): ["summary": .text("searchMessages"), "count": .number(found)]
        case .setMessageAttribute(let attribute):
            ["summary": .text("setMessageAttribute"), ParameterName.attribute.rawValue: attribute.reply]
        case let .sendPayment(amount, payee):
            ["summary": .text("sendPayment"), "amount": amount.reply, ParameterName.payee.rawValue: payee.reply]
        case let .requestPayment(amount, payer):
            ["summary": .text("requestPayment"), "amount": amount.reply, ParameterName.payer.rawValue: payer.reply]
        case let .requestRide(option, destination):
            ["summary": .text("requestRide"), "option": option.reply, "destination": destination.reply]
        case .listRideOptions(let count): ["summary": .text("listRideOptions"), "count": .number(count)]
        case .rideStatus(let phase): ["summary": .text("rideStatus"), "phase": .text(phase)]
        case .cancelRide: ["summary": .text("cancelRide")]
        case let .workout(step, name): ["summary": .text("workout"), "step": .text(step.rawValue), "name": name.reply]
        case .call(let contacts): ["summary": .text("call"), ParameterName.contacts.rawValue: contacts.reply]
        case .searchCallHistory(let found): ["summary": .text("searchCallHistory"), "count": .number(found)]
        case let .photos(found, playing):
            ["summary": .text("photos"), "count": .number(found), "playing": .text(playing ? "true" : "false")]
        case .other(let intent): ["summary": .text("other"), "intent": .text(intent)]
        }
    }
}

extension AskedValue {
    /// The question's subject as a message's arguments: `asked` names the case (`payee` and `payer` by their
    /// parameter), `who` whom a message is for, `parameter` the property asked for.
    var replyArguments: [String: ReplyArgument?] {
        switch self {
        case .messageRecipient: ["asked": .text("messageRecipient")]
        case .messageContent(let who): ["asked": .text("messageContent"), "who": who.reply]
        case .payee: ["asked": .text(ParameterName.payee.rawValue)]
        case .payer: ["asked": .text(ParameterName.payer.rawValue)]
        case .parameter(let parameter): ["asked": .text("parameter"), "parameter": .text(parameter)]
        }
    }
}
