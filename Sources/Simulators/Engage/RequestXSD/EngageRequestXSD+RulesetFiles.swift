// Generated from Schemas/engage/xsd by EngageRequestXSDTests; do not edit. After changing an XSD:
//     HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests
// swift-format-ignore-file

extension EngageRequestXSD {
    /// The request XSDs of dynamic-content rulesets.
    static let rulesetFiles: [String: File] = [
        "add-dc-ruleset.xsd": File(
            includes: ["request-common.xsd", "ruleset-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="AddDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOccurs"#,
                #"="unbounded"><xs:element name="LIST_ID" type="Identifier"/><xs:element name="RULESET_NAME" type="#,
                #""xs:string"/><xs:element name="MAILING_ID" type="Identifier"/><xs:element name="CONTENT_AREAS" t"#,
                #"ype="DCRulesetContentAreas"/><xs:element name="RULES" type="DCRulesetRules"/></xs:choice></xs:co"#,
                #"mplexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexTyp"#,
                #"e></xs:element>"#,
            ]),
        "delete-dc-ruleset.xsd": File(
            includes: ["request-common.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="DeleteDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOcc"#,
                #"urs="unbounded"><xs:element name="RULESET_ID" type="Identifier"/></xs:choice></xs:complexType></"#,
                #"xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:eleme"#,
                #"nt>"#,
            ]),
        "export-dc-ruleset.xsd": File(
            includes: ["request-common.xsd", "ruleset-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ExportDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOcc"#,
                #"urs="unbounded"><xs:element name="RULESET_ID" type="Identifier"/><xs:element name="MOVE_TO_FTP" "#,
                #"type="DCRulesetOptionalFlag"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:compl"#,
                #"exType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "get-dc-ruleset.xsd": File(
            includes: ["request-common.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="GetDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOccurs"#,
                #"="unbounded"><xs:element name="RULESET_ID" type="Identifier"/></xs:choice></xs:complexType></xs:"#,
                #"element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "import-dc-ruleset.xsd": File(
            includes: ["request-common.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ImportDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOcc"#,
                #"urs="unbounded"><xs:element name="FILE_NAME" type="xs:string"/><xs:element name="LIST_ID" type=""#,
                #"Identifier"/><xs:element name="MAILING_ID" type="Identifier"/><xs:element name="RULESET_ID" type"#,
                #"="Identifier"/></xs:choice></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:ele"#,
                #"ment></xs:sequence></xs:complexType></xs:element>"#,
            ]),
        "list-dc-rulesets-for-mailing.xsd": File(
            includes: ["request-common.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ListDCRulesetsForMailing"><xs:complexType><xs:choice minOccurs=""#,
                #"0" maxOccurs="unbounded"><xs:element name="MAILING_ID" type="Identifier"/></xs:choice></xs:compl"#,
                #"exType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType><"#,
                #"/xs:element>"#,
            ]),
        "replace-dc-ruleset.xsd": File(
            includes: ["request-common.xsd", "ruleset-types.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ReplaceDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxOc"#,
                #"curs="unbounded"><xs:element name="RULESET_ID" type="Identifier"/><xs:element name="CONTENT_AREA"#,
                #"S" type="DCRulesetContentAreas"/><xs:element name="RULES" type="DCRulesetRules"/></xs:choice></x"#,
                #"s:complexType></xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:comple"#,
                #"xType></xs:element>"#,
            ]),
        "validate-dc-ruleset.xsd": File(
            includes: ["request-common.xsd"],
            declarations: [
                #"<xs:element name="Envelope"><xs:complexType><xs:sequence><xs:element name="Body"><xs:complexType"#,
                #"><xs:sequence><xs:element name="ValidateDCRuleset"><xs:complexType><xs:choice minOccurs="0" maxO"#,
                #"ccurs="unbounded"><xs:element name="MAILING_ID" type="Identifier"/></xs:choice></xs:complexType>"#,
                #"</xs:element></xs:sequence></xs:complexType></xs:element></xs:sequence></xs:complexType></xs:ele"#,
                #"ment>"#,
            ]),
    ]
}
