import Foundation
import Testing

@testable import ObjectStorage

/// The endpoint, region and credentials as the AWS tools read them, and where requests go.
@Suite struct RemoteSettingsTests {
    let remote: RemoteURL

    init() throws {
        remote = try RemoteURL("s3://team-bucket/reader/store/")
    }

    @Test func aRemoteURLIsBucketAndPrefix() throws {
        #expect(remote.bucket == "team-bucket")
        #expect(remote.prefix == "reader/store")
        #expect(remote.key("objects/ab/cd") == "reader/store/objects/ab/cd")
        #expect(try RemoteURL("s3://team-bucket").key("catalog/root.json") == "catalog/root.json")
        #expect(throws: RemoteURL.Failure.self) { try RemoteURL("https://team-bucket/x") }
        #expect(throws: RemoteURL.Failure.self) { try RemoteURL("s3://Team_Bucket/x") }
    }

    @Test func theEnvironmentComesFirst() throws {
        let settings = try RemoteSettings(
            for: remote,
            environment: [
                "AWS_ENDPOINT_URL": "https://other.example", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000",
                "AWS_DEFAULT_REGION": "eu-west-1", "AWS_REGION": "eu-central-1", "AWS_ACCESS_KEY_ID": "AKIDENV",
                "AWS_SECRET_ACCESS_KEY": "env-secret", "HOME": "/nonexistent",
            ])
        #expect(settings.endpoint.scheme == "http")
        #expect(settings.endpoint.authority == "127.0.0.1:9000")
        #expect(settings.endpoint.addressing == .path)
        #expect(settings.region == "eu-central-1")
        #expect(settings.credentials.accessKeyID == "AKIDENV")
        #expect(!"\(settings.credentials)".contains("env-secret"))
    }

    @Test func aProfileIsReadFromTheAWSFiles() throws {
        let home = NSTemporaryDirectory() + "/aws-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/.aws", withIntermediateDirectories: true)
        try """
        [default]
        aws_access_key_id = AKIDDEFAULT
        aws_secret_access_key = default-secret
        # a comment
        [research]
        aws_access_key_id=AKIDRESEARCH
        aws_secret_access_key=research-secret
        aws_session_token = research-token
        """.write(toFile: home + "/.aws/credentials", atomically: true, encoding: .utf8)
        try """
        [default]
        region = us-west-2
        [profile research]
        region = ap-southeast-2
        s3 =
          addressing_style = path
        """.write(toFile: home + "/.aws/config", atomically: true, encoding: .utf8)
        let research = try RemoteSettings(for: remote, environment: ["HOME": home, "AWS_PROFILE": "research"])
        #expect(research.credentials.accessKeyID == "AKIDRESEARCH")
        #expect(research.credentials.secrets == ["research-secret", "research-token"])
        #expect(research.region == "ap-southeast-2")
        #expect(research.endpoint.authority == "s3.ap-southeast-2.amazonaws.com")
        #expect(research.endpoint.scheme == "https")
        #expect(research.endpoint.addressing == .path)
        let standard = try RemoteSettings(for: remote, environment: ["HOME": home])
        #expect(standard.credentials.accessKeyID == "AKIDDEFAULT")
        #expect(standard.endpoint.addressing == .virtual)
        #expect(standard.region == "us-west-2")
        #expect(throws: RemoteSettings.Failure.self) {
            try RemoteSettings(for: remote, environment: ["HOME": home, "AWS_PROFILE": "nobody"])
        }
    }

    @Test func aDottedBucketOnAWSIsAddressedByPath() throws {
        let dotted = try RemoteURL("s3://team.example.com/reader")
        let settings = try RemoteSettings(
            for: dotted, environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "B", "HOME": "/nonexistent"])
        #expect(settings.endpoint.addressing == .path)
        #expect(settings.region == "us-east-1")
        let forced = try RemoteSettings(
            for: remote,
            environment: [
                "AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "B", "HOME": "/nonexistent", "AWS_ENDPOINT_URL_S3": "minio.lan:9000",
                "READER_S3_ADDRESSING": "virtual",
            ])
        #expect(forced.endpoint.scheme == "https")
        #expect(forced.endpoint.addressing == .virtual)
    }

    @Test func requestsNameTheBucketInTheHostOrThePath() throws {
        let aws = Endpoint.aws(region: "eu-west-1", bucket: "team-bucket")
        #expect(
            aws.location(bucket: "team-bucket", key: "reader/objects/ab/cd") == (
                "team-bucket.s3.eu-west-1.amazonaws.com", "/reader/objects/ab/cd"
            ))
        #expect(aws.location(bucket: "team-bucket", key: "") == ("team-bucket.s3.eu-west-1.amazonaws.com", "/"))
        let minio = try Endpoint(url: "http://minio.lan:9000/")
        #expect(
            minio.location(bucket: "team-bucket", key: "reader/catalog/root.json") == (
                "minio.lan:9000", "/team-bucket/reader/catalog/root.json"
            ))
        #expect(minio.location(bucket: "team-bucket", key: "") == ("minio.lan:9000", "/team-bucket"))
        #expect(throws: Endpoint.Failure.self) { try Endpoint(url: "ftp://minio.lan") }
    }
}
