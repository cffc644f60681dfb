// The device-host protocol (HostFrame, HostFrameReader): messages go through whole, in pieces and
// several at once; malformed, truncated, oversized and newer-version messages are refused with
// an error that says what is wrong, and none of them crashes the reader.
#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostProtocolError.h"

#include <QTest>

using namespace clw::engine;

namespace {

HostMessage sample() {
    HostMessage message = HostMessage::request(7, "buffer.read", {{"handle", 3}, {"offset", 64}});
    message.tag = "inspector";
    message.generation = 12;
    message.bulk = {1, 2, 3, 0, 255};
    return message;
}

std::vector<unsigned char> withHeader(const nlohmann::json& header) {
    const std::vector<std::uint8_t> cbor = nlohmann::json::to_cbor(header);
    std::vector<unsigned char> frame{'C', 'L', 'W', 'H'};
    for (int i = 0; i < 4; ++i)
        frame.push_back(static_cast<unsigned char>(cbor.size() >> (8 * i)));
    for (int i = 0; i < 8; ++i)
        frame.push_back(0);
    frame.insert(frame.end(), cbor.begin(), cbor.end());
    return frame;
}

nlohmann::json goodHeader() {
    return {{"v", HostMessage::kProtocolVersion},
            {"kind", "request"},
            {"id", 1},
            {"verb", "hello"},
            {"tag", ""},
            {"gen", 0},
            {"body", nlohmann::json::object()}};
}

QString refusal(const std::vector<unsigned char>& frame) {
    try {
        HostFrame::decode(frame);
    } catch (const HostProtocolError& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("(accepted)");
}

} // namespace

class TestHostProtocol : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripKeepsEveryField() {
        const HostMessage sent = sample();
        const std::vector<unsigned char> frame = HostFrame::encode(sent);
        // The head alone, its body lent and given back: the same bytes, the message unchanged.
        HostMessage lent = sample();
        const std::vector<unsigned char> head = HostFrame::encodeHead(lent);
        QCOMPARE(frame.size(), head.size() + sent.bulk.size());
        QVERIFY(std::equal(head.begin(), head.end(), frame.begin()));
        QVERIFY(lent.body == sent.body);
        const HostMessage got = HostFrame::decode(frame);
        QVERIFY(got.kind == HostMessage::Kind::Request);
        QCOMPARE(got.id, std::uint64_t(7));
        QCOMPARE(got.verb, std::string("buffer.read"));
        QCOMPARE(got.tag, std::string("inspector"));
        QCOMPARE(got.generation, std::uint64_t(12));
        QCOMPARE(got.body.at("offset").get<int>(), 64);
        QVERIFY(got.bulk == sent.bulk);
        // The header is CBOR: a map of 7 entries (0xa7) right after the prefix.
        QCOMPARE(int(frame[HostFrame::kPrefixBytes]), 0xa7);
    }

    void replyAndFailureAnswerTheirRequest() {
        const HostMessage request = sample();
        const HostMessage reply = HostMessage::replyTo(request, {{"bytes", 5}});
        QVERIFY(reply.kind == HostMessage::Kind::Reply);
        QCOMPARE(reply.id, request.id);
        QCOMPARE(reply.generation, request.generation);
        const HostMessage failure =
            HostFrame::decode(HostFrame::encode(HostMessage::failureOf(request, "no buffer 3")));
        QVERIFY(failure.kind == HostMessage::Kind::Failure);
        QCOMPARE(failure.failureText(), std::string("no buffer 3"));
    }

    void readerTakesBytesAsTheyCome() {
        std::vector<unsigned char> stream;
        for (int i = 0; i < 3; ++i) {
            HostMessage message = sample();
            message.id = std::uint64_t(i);
            message.bulk.assign(std::size_t(1000 * i), static_cast<unsigned char>(i));
            const auto frame = HostFrame::encode(message);
            stream.insert(stream.end(), frame.begin(), frame.end());
        }
        HostFrameReader reader;
        std::vector<HostMessage> got;
        // One byte at a time: every frame boundary falls inside a feed at some point.
        for (unsigned char byte : stream) {
            reader.feed({&byte, 1});
            while (auto message = reader.next())
                got.push_back(std::move(*message));
        }
        QCOMPARE(got.size(), std::size_t(3));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(got[size_t(i)].id, std::uint64_t(i));
            QCOMPARE(got[size_t(i)].bulk.size(), std::size_t(1000 * i));
        }
        QCOMPARE(reader.pendingBytes(), std::size_t(0));
        // All at once.
        HostFrameReader whole;
        whole.feed(stream);
        int count = 0;
        while (whole.next())
            ++count;
        QCOMPARE(count, 3);
    }

    void truncatedMessagesAreRefused() {
        const std::vector<unsigned char> frame = HostFrame::encode(sample());
        for (std::size_t length :
             {std::size_t(0), std::size_t(5), HostFrame::kPrefixBytes, frame.size() - 1}) {
            const std::vector<unsigned char> cut(frame.begin(),
                                                 frame.begin() + std::ptrdiff_t(length));
            const QString error = refusal(cut);
            QVERIFY2(error.contains(QStringLiteral("cut short")) ||
                         error.contains(QStringLiteral("announces")),
                     qPrintable(error));
        }
        // The reader waits for the rest and hands out nothing.
        HostFrameReader reader;
        reader.feed(std::span(frame).first(frame.size() - 1));
        QVERIFY(!reader.next());
        QCOMPARE(reader.pendingBytes(), frame.size() - 1);
    }

    void malformedMessagesAreRefusedByName() {
        std::vector<unsigned char> frame = HostFrame::encode(sample());
        frame[0] = 'X';
        QVERIFY(refusal(frame).contains(QStringLiteral("does not start with \"CLWH\"")));

        std::vector<unsigned char> notCbor = withHeader(goodHeader());
        std::fill(notCbor.begin() + HostFrame::kPrefixBytes, notCbor.end(), 0xff);
        QVERIFY(refusal(notCbor).contains(QStringLiteral("not CBOR")));

        nlohmann::json noVerb = goodHeader();
        noVerb.erase("verb");
        QVERIFY(refusal(withHeader(noVerb)).contains(QStringLiteral("without its \"verb\"")));

        nlohmann::json wrongType = goodHeader();
        wrongType["id"] = "seven";
        QCOMPARE(refusal(withHeader(wrongType)),
                 QStringLiteral("a device-host message whose \"id\" field is a string"));

        nlohmann::json badKind = goodHeader();
        badKind["kind"] = "shout";
        QVERIFY(refusal(withHeader(badKind)).contains(QStringLiteral("unknown kind \"shout\"")));

        QVERIFY(refusal(withHeader(nlohmann::json::array({1, 2})))
                    .contains(QStringLiteral("not a map")));

        // 300 nested one-element CBOR arrays: refused before nlohmann's reader, which recurses
        // once a level, runs out of stack (tests/fuzz/regressions holds 200,000 levels).
        std::vector<unsigned char> deep = {'C', 'L', 'W', 'H', 45, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        deep.insert(deep.end(), 300, 0x81);
        deep.push_back(0x00);
        QCOMPARE(refusal(deep), QStringLiteral("a device-host message header that nests values "
                                               "more than 256 deep"));
        QCOMPARE(refusal(withHeader(goodHeader())), QStringLiteral("(accepted)"));
    }

    void anotherVersionIsRefusedByName() {
        QCOMPARE(HostMessage::kProtocolVersion, 3);
        for (const int version : {4, 2}) { // a newer install's, an older one's
            nlohmann::json other = goodHeader();
            other["v"] = version;
            const QString error = refusal(withHeader(other));
            QVERIFY2(error.contains(QStringLiteral("protocol version %1; this side speaks "
                                                   "version 3")
                                        .arg(version)),
                     qPrintable(error));
            QVERIFY(error.contains(QStringLiteral("reinstall")));
        }
    }

    void oversizedFramesAreRefusedBeforeAnyAllocation() {
        std::vector<unsigned char> frame = HostFrame::encode(sample());
        // A header length past the limit.
        frame[4] = frame[5] = frame[6] = frame[7] = 0xff;
        HostFrameReader reader;
        QVERIFY_THROWS_EXCEPTION(HostProtocolError, reader.feed(frame));
        // The stream is out of step for good.
        QVERIFY_THROWS_EXCEPTION(HostProtocolError, reader.feed(HostFrame::encode(sample())));
        // A bulk length past the limit.
        std::vector<unsigned char> bulk = HostFrame::encode(sample());
        bulk[15] = 0x7f;
        QVERIFY(refusal(bulk).contains(QStringLiteral("bytes of data")));
    }

    void aBadHeaderInAStreamIsSteppedOver() {
        nlohmann::json newer = goodHeader();
        newer["v"] = 9;
        std::vector<unsigned char> stream = withHeader(newer);
        const auto good = HostFrame::encode(sample());
        stream.insert(stream.end(), good.begin(), good.end());
        HostFrameReader reader;
        reader.feed(stream);
        QVERIFY_THROWS_EXCEPTION(HostProtocolError, reader.next());
        const auto next = reader.next();
        QVERIFY(next.has_value());
        QCOMPARE(next->id, std::uint64_t(7));
    }
};

QTEST_GUILESS_MAIN(TestHostProtocol)
#include "tst_hostprotocol.moc"
