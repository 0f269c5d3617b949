import NetworkAccess
import Testing

/// The proxy variables read as curl reads them (curl(1), "ENVIRONMENT"; libcurl's noproxy.c).
@Suite struct ProxyRuleTests {
    func route(_ url: String, _ environment: [String: String]) throws -> String {
        switch try ProxyEnvironment(environment).route(for: url) {
        case .direct: "direct"
        case .bypassed(let entry): "bypassed by \(entry)"
        case .proxy(let server, let variable): "\(server) from \(variable)"
        }
    }

    @Test func eachSchemeHasItsVariableTheLowerCaseNameFirst() throws {
        let environment = ["https_proxy": "http://low:1", "HTTPS_PROXY": "http://up:2", "http_proxy": "plain:3"]
        #expect(try route("https://example.org/x", environment) == "http://low:1 from https_proxy")
        #expect(try route("https://example.org/x", ["HTTPS_PROXY": "up:2"]) == "http://up:2 from HTTPS_PROXY")
        #expect(try route("http://example.org/x", environment) == "http://plain:3 from http_proxy")
    }

    @Test func upperCaseHTTPProxyIsIgnoredAsCurlDoes() throws {
        // A CGI program gets HTTP_PROXY from any client's `Proxy:` header ("httpoxy").
        #expect(try route("http://example.org/", ["HTTP_PROXY": "evil:8080"]) == "direct")
        #expect(try route("https://example.org/", ["HTTP_PROXY": "evil:8080"]) == "direct")
    }

    @Test func allProxyServesEitherSchemeWhenNoOtherIsSet() throws {
        #expect(try route("http://a.example/", ["ALL_PROXY": "p:9"]) == "http://p:9 from ALL_PROXY")
        #expect(try route("https://a.example/", ["all_proxy": "p:9", "https_proxy": "q:8"]) == "http://q:8 from https_proxy")
        // An empty variable is "no proxy", and all_proxy does not stand in for it.
        #expect(try route("https://a.example/", ["all_proxy": "p:9", "https_proxy": ""]) == "direct")
    }

    @Test func aProxyURLWithoutPortIsPort1080AndCredentialsAreNeverShown() throws {
        let shown = try route("https://a.example/", ["https_proxy": "http://alice:s3cr%40t@proxy.corp"])
        #expect(shown == "http://proxy.corp:1080 (with credentials) from https_proxy")
        #expect(!shown.contains("s3cr"))
        #expect(try route("https://a.example/", ["https_proxy": "socks5h://[::1]:1081"]) == "socks5://[::1]:1081 from https_proxy")
        #expect(throws: ProxyServer.Failure.self) { try ProxyEnvironment(["https_proxy": "https://p:1"]).route(for: "https://a.example/") }
        #expect(throws: ProxyServer.Failure.self) { try ProxyEnvironment(["https_proxy": "http://:80"]).route(for: "https://a.example/") }
    }

    @Test func noProxyNamesHostsTheirSubdomainsAndAStarAlone() throws {
        let proxy = ["https_proxy": "p:3128", "http_proxy": "p:3128"]
        func with(_ list: String) -> [String: String] { proxy.merging(["no_proxy": list]) { $1 } }
        #expect(try route("https://www.example.org/", with("example.org")) == "bypassed by example.org")
        #expect(try route("https://www.example.org/", with(" .example.org , other")) == "bypassed by .example.org")
        #expect(try route("https://example.org/", with(".example.org")) == "bypassed by .example.org")
        // A suffix that is not a whole label does not match.
        #expect(try route("https://badexample.org/", with("example.org")) == "http://p:3128 from https_proxy")
        #expect(try route("https://WWW.Example.ORG./", with("example.org")) == "bypassed by example.org")
        #expect(try route("https://anything/", with("*")) == "bypassed by *")
        #expect(try route("https://anything/", ["https_proxy": "p:1", "NO_PROXY": "anything"]) == "bypassed by anything")
        #expect(
            try route("https://anything/", ["https_proxy": "p:1", "no_proxy": "", "NO_PROXY": "anything"]) == "http://p:1 from https_proxy")
    }

    @Test func noProxyNamesIPLiteralsBlocksAndPorts() throws {
        let proxy = ["http_proxy": "p:3128"]
        func with(_ list: String) -> [String: String] { proxy.merging(["no_proxy": list]) { $1 } }
        #expect(try route("http://127.0.0.1:8080/", with("127.0.0.1")) == "bypassed by 127.0.0.1")
        #expect(try route("http://127.0.0.12/", with("127.0.0.1")) == "http://p:3128 from http_proxy")
        #expect(try route("http://10.1.2.3/", with("10.0.0.0/8")) == "bypassed by 10.0.0.0/8")
        #expect(try route("http://11.1.2.3/", with("10.0.0.0/8")) == "http://p:3128 from http_proxy")
        #expect(try route("http://[::1]:8080/", with("::1")) == "bypassed by ::1")
        #expect(try route("http://[0:0::1]/", with("[::1]")) == "bypassed by [::1]")
        #expect(try route("http://[fd00::5]/", with("fd00::/8")) == "bypassed by fd00::/8")
        #expect(try route("http://localhost:8080/", with("localhost:8080")) == "bypassed by localhost:8080")
        #expect(try route("http://localhost:9090/", with("localhost:8080")) == "http://p:3128 from http_proxy")
        #expect(try route("http://localhost/", with("localhost:80")) == "bypassed by localhost:80")
    }
}
