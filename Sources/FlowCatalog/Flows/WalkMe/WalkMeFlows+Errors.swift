import ContractKit
import JSONCore
import WalkMeSDK

/// The error cases: kill switch, wrong key or secret, access tokens refused or expired.
extension WalkMeFlows {
    static let errors: [Flow] = [
        .walkMe(
            "kill-switch", "Brief Overview", facts: assumedContent, kind: .errorCase,
            summary: "With the kill switch on, start stops after the settings: no data file, session or campaign",
            setup: [WalkMeSetup.app(#"{"killSwitch":true}"#)]
        ) { session in
            let app = session.app()
            await session.start(app)
            await trigger(session, app, "whats-new")
        },
        .walkMe(
            "error-invalid-key", "Brief Overview", facts: assumedContent, kind: .errorCase,
            summary: "An app key WalkMe does not know is refused with 404 app_not_found"
        ) { session in
            await session.start(session.app(), key: "0000000000000000")
        },
        .walkMe(
            "error-invalid-secret", "Brief Overview", facts: assumedContent, kind: .errorCase,
            summary: "A wrong secret is refused with 401 invalid_credentials; an empty one is refused before sending"
        ) { session in
            let app = session.app()
            await session.start(app, secret: "")
            await session.start(app, secret: "wm-wrong-secret")
        },
        .walkMe(
            "data-file-access-token", "Brief Overview", facts: assumedContent,
            summary:
                "A token-protected data file: the SDK asks for an access token, then fetches the data file with it",
            setup: [WalkMeSetup.app(#"{"dataFileAuth":"token"}"#)]
        ) { session in
            let app = session.app()
            await session.start(app)
        },
        .walkMe(
            "error-invalid-access-token", "Brief Overview", facts: assumedContent, kind: .errorCase,
            summary: "A stored token WalkMe does not know is refused with 401 invalid_token; the SDK gets a new one",
            setup: [WalkMeSetup.app(#"{"dataFileAuth":"token"}"#)]
        ) { session in
            let app = session.app(store: WMInMemoryContentStore(WMStoredContent(accessToken: "wm-at-revoked")))
            await session.start(app)
        },
        .walkMe(
            "error-expired-access-token", "Brief Overview", facts: assumedContent, kind: .errorCase,
            summary: "After its lifetime the token is refused with 401 token_expired; the SDK gets a new one and "
                + "the data file, unchanged, answers 304",
            setup: [WalkMeSetup.app(#"{"dataFileAuth":"token","tokenLifetime":3600}"#)]
        ) { session in
            let app = session.app()
            await session.start(app)
            session.context.clock.advance(by: 3700)
            await restart(session, app)
        },
    ]
}
