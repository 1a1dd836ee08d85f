import Foundation
import JSONCore
import Testing

@testable import WebEngageSDK

@Suite("WETemplateParser")
struct TemplateParsingTests {
    private func parse(_ templateData: String) throws -> WECampaignContent {
        try WETemplateParser.template(Data(#"{"templateData":\#(templateData)}"#.utf8))
    }

    @Test("The protocol notes' example parses as Custom with its custom data, child and scalar property")
    func documentedExample() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/template-example.json")
        let content = try WETemplateParser.template(try Data(contentsOf: url))
        #expect(content.layout == .custom)
        #expect(content.subLayoutType == "…")
        #expect(content.customData == ["title": "Hello", "cta": "app://x"])
        #expect(content.children.count == 1)
        #expect(content.children.first?.properties["…"] == "…")
        #expect(content.properties["<any scalar property>"] == "…")
    }

    @Test("Banner, Text and Custom layouts are recognised by their codes")
    func everyLayout() throws {
        #expect(try parse(TestSDK.banner).layout == .banner)
        #expect(try parse(TestSDK.text).layout == .text)
        #expect(try parse(TestSDK.custom).layout == .custom)
        #expect(WELayoutType.allCases.map(\.name) == ["Banner", "Text", "Custom"])
    }

    @Test("Nested children keep their own layout, properties, custom data and children")
    func nestedChildren() throws {
        let content = try parse(
            #"{"pt":"static","config":{"ctnt":{"lt":"1af576a4","child":[{"lt":"row","cstm":[{"key":"k","value":1}],"#
                + #""child":[{"lt":"button","actionId":"a","deepLink":"app://a","image":"/i.png"}]}]}}}"#)
        let row = try #require(content.children.first)
        #expect(row.layoutType == "row")
        #expect(row.customData == ["k": 1])
        #expect(row.children.first?.properties["actionId"] == "a")
        #expect(content.actions.map(\.actionId) == ["a"])
        #expect(content.images == ["/i.png"])
    }

    @Test("Empty custom values and unknown non-scalar keys are dropped, not fatal")
    func unknownKeysIgnored() throws {
        let content = try parse(
            #"{"pt":"static","extra":{"x":1},"config":{"ctnt":{"lt":"2341ifb0","cstm":[{"key":"a","value":""},"#
                + #"{"key":"b","value":null},{"value":"no key"},{"key":"c","value":"kept"}],"obj":{"x":1},"n":3}}}"#)
        #expect(content.customData == ["c": "kept"])
        #expect(content.properties == ["n": 3])
    }

    @Test("An unknown layout, an empty or non-JSON body, and null templateData are refused with a reason")
    func badTemplates() {
        #expect(throws: WETemplateParser.Failure.self) { try parse(#"{"config":{"ctnt":{"lt":"unknown"}}}"#) }
        #expect(throws: WETemplateParser.Failure.self) { try parse(#"{"config":{"ctnt":{"slt":"x"}}}"#) }
        #expect(throws: WETemplateParser.Failure.self) {
            try parse(#"{"pt":"other","config":{"ctnt":{"lt":"1af576a4"}}}"#)
        }
        #expect(throws: WETemplateParser.Failure.self) { try parse("null") }
        #expect(throws: WETemplateParser.Failure.self) { try WETemplateParser.template(Data()) }
        #expect(throws: WETemplateParser.Failure.self) { try WETemplateParser.template(Data([0x1f, 0x8b, 0x00])) }
    }

    @Test("toJSONString has campaignId, targetViewId and the content's layout, properties and custom data")
    func jsonString() throws {
        let data = WECampaignData(targetViewId: "1002", content: try parse(TestSDK.banner))
        let json = try JSONValue(parsing: data.toJSONString())
        #expect(json["campaignId"] == "")
        #expect(json["targetViewId"] == "1002")
        #expect(json["content"]?["layoutType"] == "2341ifb0")
        #expect(json["content"]?["customData"]?["offer"] == "S25")
        #expect(json["content"]?["properties"]?["actionId"] == "shop")
        #expect(json["content"]?["children"] == [])
    }

    @Test("The stored-block gzip has the gzip header, the CRC-32 of the input and its length")
    func gzip() {
        let input = Data("123456789".utf8)
        let output = [UInt8](Gzip.compress(input))
        #expect(output.prefix(3) == [0x1f, 0x8b, 0x08])
        #expect(Gzip.crc32([UInt8](input)) == 0xCBF4_3926)
        #expect(output.suffix(4) == [9, 0, 0, 0])
        #expect(Gzip.compress(Data()).count == 10 + 5 + 8)
    }
}
