/// The demo account a reset seeds: license `~10a5cb78d`, five screens, a campaign of each template type, default
/// content, a control group and two images. Layout codes: `2341ifb0` Banner, `1af576a4` Text, `~20cc49da` Custom.
///
/// | screen | property (tag) | campaign | variation |
/// | --- | --- | --- | --- |
/// | `home` | 1001 Banner | `c-banner-1` | `v-banner-1` (image `summer-sale.png`, action `shop`) |
/// | `news` | 1002 Text | `c-text-1` | `v-text-1` (greets the logged-in user, action `learn`) |
/// | `deals` | 1003 Custom | `c-custom-1` | `v-custom-1` (title, cta, discount) |
/// | `offers` | 2001 Banner, with default content | `c-offers-1` | `v-offers-1` (image `offers.png`) |
/// | `offers` | 2002 default content only | – | – |
/// | `cart` | 3001 control group | `c-cart-1` | `v-cart-1` |
enum WebEngageDemo {
    static let license = "~10a5cb78d"

    static func seed(_ db: StateDB) throws {
        try db.execute(sql: "INSERT INTO webengage_licenses (code) VALUES (?)", arguments: [license])
        for name in ["summer-sale.png", "offers.png"] {
            try db.execute(sql: "INSERT INTO webengage_resources (name) VALUES (?)", arguments: [name])
        }
        let properties: [(String, String, String, String?, Int?, String?, Bool)] = [
            ("home", "1001", "v-banner-1", "c-banner-1", 2000, nil, false),
            ("news", "1002", "v-text-1", "c-text-1", 2000, nil, false),
            ("deals", "1003", "v-custom-1", "c-custom-1", nil, nil, false),
            ("offers", "2001", "v-offers-1", "c-offers-1", 1500, offersDefault, false),
            ("offers", "2002", "v-offers-2", nil, nil, offersDefault, false),
            ("cart", "3001", "v-cart-1", "c-cart-1", 2000, nil, true),
        ]
        for (position, item) in properties.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO webengage_properties (license, screen, property_id, target_view, variation_id,
                        campaign_id, failure_timeout, params, default_content, journey_id, control_group, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?)
                    """,
                arguments: [
                    license, item.0, item.1, item.1, item.2, item.3, item.4, item.5, item.6 ? 1 : 0, position,
                ])
        }
        for (variation, template) in [
            ("v-banner-1", banner), ("v-text-1", text), ("v-custom-1", custom), ("v-offers-1", offers),
            ("v-cart-1", text),
        ] {
            try db.execute(
                sql: "INSERT INTO webengage_variations (variation_id, template) VALUES (?, ?)",
                arguments: [variation, template])
        }
    }

    static let banner = """
        {"pt":"static","config":{"ctnt":{"lt":"2341ifb0","slt":"full","image":"/resources/summer-sale.png",\
        "actionId":"shop","deepLink":"app://offers/summer","cstm":[{"key":"offer","value":"SUMMER25"},\
        {"key":"unused","value":""}]}}}
        """

    static let text = """
        {"pt":"static","config":{"ctnt":{"lt":"1af576a4","text":"Hello {{user}}, our autumn range is here",\
        "fontSize":16,"cstm":[{"key":"segment","value":"returning"}],\
        "child":[{"lt":"button","label":"Learn more","actionId":"learn","deepLink":"https://example.com/learn"}]}}}
        """

    static let custom = """
        {"pt":"dynamic","config":{"ctnt":{"lt":"~20cc49da","cstm":[{"key":"title","value":"Hello"},\
        {"key":"cta","value":"app://x"},{"key":"discount","value":"15%"}]}}}
        """

    static let offers = """
        {"pt":"static","config":{"ctnt":{"lt":"2341ifb0","image":"/resources/offers.png","actionId":"offers",\
        "deepLink":"app://offers","cstm":[{"key":"offer","value":"BUNDLE"}]}}}
        """

    static let offersDefault = """
        {"parser_type":"static","target_view":"offers","content":{"lt":"1af576a4","text":"See all offers"}}
        """
}
