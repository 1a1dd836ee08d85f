extension AdaptyError {
    /// Every documented `AdaptyError` code (domain `AdaptyErrorDomain`), including the ones only older SDKs and the
    /// error-handling page list.
    public enum ErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case unknown = 0
        case clientInvalid = 1
        case paymentCancelled = 2
        case paymentInvalid = 3
        case paymentNotAllowed = 4
        case storeProductNotAvailable = 5
        case cloudServicePermissionDenied = 6
        case cloudServiceNetworkConnectionFailed = 7
        case cloudServiceRevoked = 8
        case privacyAcknowledgementRequired = 9
        case unauthorizedRequestData = 10
        case invalidOfferIdentifier = 11
        case invalidSignature = 12
        case missingOfferParams = 13
        case invalidOfferPrice = 14
        case noProductIDsFound = 1000
        case noProductsFound = 1001
        case productRequestFailed = 1002
        case cantMakePayments = 1003
        case noPurchasesToRestore = 1004
        case cantReadReceipt = 1005
        case productPurchaseFailed = 1006
        case missingOfferSigningParams = 1007
        case refreshReceiptFailed = 1010
        case fetchSubscriptionStatusFailed = 1020
        case unknownTransactionId = 1030
        case paymentPendingError = 1050
        case notActivated = 2002
        case badRequest = 2003
        case serverError = 2004
        case networkFailed = 2005
        case decodingFailed = 2006
        case encodingFailed = 2009
        case missingURL = 2010
        case analyticsDisabled = 3000
        case wrongParam = 3001
        case activateOnceError = 3005
        case profileWasChanged = 3006
        case unsupportedData = 3007
        case unidentifiedUserLogout = 3020
        case persistingDataError = 3100
        case fetchTimeoutError = 3101
        case operationInterrupted = 9000

        public var description: String {
            switch self {
            case .unknown: "unknown"
            case .clientInvalid: "clientInvalid"
            case .paymentCancelled: "paymentCancelled"
            case .paymentInvalid: "paymentInvalid"
            case .paymentNotAllowed: "paymentNotAllowed"
            case .storeProductNotAvailable: "storeProductNotAvailable"
            case .cloudServicePermissionDenied: "cloudServicePermissionDenied"
            case .cloudServiceNetworkConnectionFailed: "cloudServiceNetworkConnectionFailed"
            case .cloudServiceRevoked: "cloudServiceRevoked"
            case .privacyAcknowledgementRequired: "privacyAcknowledgementRequired"
            case .unauthorizedRequestData: "unauthorizedRequestData"
            case .invalidOfferIdentifier: "invalidOfferIdentifier"
            case .invalidSignature: "invalidSignature"
            case .missingOfferParams: "missingOfferParams"
            case .invalidOfferPrice: "invalidOfferPrice"
            case .noProductIDsFound: "noProductIDsFound"
            case .noProductsFound: "noProductsFound"
            case .productRequestFailed: "productRequestFailed"
            case .cantMakePayments: "cantMakePayments"
            case .noPurchasesToRestore: "noPurchasesToRestore"
            case .cantReadReceipt: "cantReadReceipt"
            case .productPurchaseFailed: "productPurchaseFailed"
            case .missingOfferSigningParams: "missingOfferSigningParams"
            case .refreshReceiptFailed: "refreshReceiptFailed"
            case .fetchSubscriptionStatusFailed: "fetchSubscriptionStatusFailed"
            case .unknownTransactionId: "unknownTransactionId"
            case .paymentPendingError: "paymentPendingError"
            case .notActivated: "notActivated"
            case .badRequest: "badRequest"
            case .serverError: "serverError"
            case .networkFailed: "networkFailed"
            case .decodingFailed: "decodingFailed"
            case .encodingFailed: "encodingFailed"
            case .missingURL: "missingURL"
            case .analyticsDisabled: "analyticsDisabled"
            case .wrongParam: "wrongParam"
            case .activateOnceError: "activateOnceError"
            case .profileWasChanged: "profileWasChanged"
            case .unsupportedData: "unsupportedData"
            case .unidentifiedUserLogout: "unidentifiedUserLogout"
            case .persistingDataError: "persistingDataError"
            case .fetchTimeoutError: "fetchTimeoutError"
            case .operationInterrupted: "operationInterrupted"
            }
        }
    }
}
