// The device-host protocol (HostFrame, HostFrameReader): messages go through whole, in pieces and
// several at once; malformed, truncated, oversized and newer-version messages are refused with
// an error that says what is wrong, and none of them crashes the reader. The doorbell
// (HostDoorbell) counts each direction's writes; a ring (HostRing) carries a stream larger than
// itself in order, wakes a reader that sleeps, and never reads past itself.
#include "clw/engine/protocol/HostDoorbell.h"
#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostProtocolError.h"
#include "clw/engine/protocol/HostRing.h"

#include "HostEnvelope.pb.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

#ifndef _WIN32
#include <sys/socket.h>
#include <unistd.h>
#endif

using namespace clw::engine;

namespace {

HostMessage sample() {
    HostMessage message = HostMessage::request(7, "buffer.read", {{"handle", 3}, {"offset", 64}});
    message.tag = "inspector";
    message.generation = 12;
    message.typed = std::string("\x08\x07\0typed", 8); // any bytes: a typed body, zeros and all
    message.bulk = {1, 2, 3, 0, 255};
    return message;
}

// A frame whose header is `header`'s bytes, no bulk.
std::vector<unsigned char> withHeaderBytes(const std::string& header) {
    std::vector<unsigned char> frame{'C', 'L', 'W', 'H'};
    for (int i = 0; i < 4; ++i)
        frame.push_back(static_cast<unsigned char>(header.size() >> (8 * i)));
    for (int i = 0; i < 8; ++i)
        frame.push_back(0);
    frame.insert(frame.end(), header.begin(), header.end());
    return frame;
}

std::vector<unsigned char> withHeader(const wire::HostEnvelope& header) {
    return withHeaderBytes(header.SerializeAsString());
}

wire::HostEnvelope goodHeader() {
    wire::HostEnvelope header;
    header.set_version(HostMessage::kProtocolVersion);
    header.set_kind(wire::HostEnvelope::REQUEST);
    header.set_id(1);
    header.set_verb("hello");
    return header;
}

// `header` with the CBOR of `body` as its body.
wire::HostEnvelope withBody(wire::HostEnvelope header, const nlohmann::json& body) {
    const std::vector<std::uint8_t> cbor = nlohmann::json::to_cbor(body);
    header.set_body(std::string(cbor.begin(), cbor.end()));
    return header;
}

QString refusal(const std::vector<unsigned char>& frame) {
    try {
        HostFrame::decode(frame);
    } catch (const HostProtocolError& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("(accepted)");
}

// The memory a workbench and its host share, zeros, as the system makes it.
std::vector<std::uint64_t> sharedMemory() {
    return std::vector<std::uint64_t>(HostRing::kSharedBytes / sizeof(std::uint64_t), 0);
}

} // namespace

class TestHostProtocol : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The doorbell counts each direction apart; a wait ends at a ring of its direction, from
    // another thread, and at its time without one.
    void theDoorbellCountsEachDirectionAndWaitsForARing() {
        alignas(64) unsigned char memory[HostDoorbell::kBytes] = {};
        HostDoorbell writer(memory);
        const HostDoorbell reader(memory);
        using Direction = HostDoorbell::Direction;
        using Clock = std::chrono::steady_clock;
        writer.ring(Direction::ToHost);
        writer.ring(Direction::ToHost);
        writer.ring(Direction::ToWorkbench);
        QCOMPARE(reader.rings(Direction::ToHost), std::uint64_t(2));
        QCOMPARE(reader.rings(Direction::ToWorkbench), std::uint64_t(1));

        const auto start = Clock::now();
        QVERIFY(
            !reader.waitForRing(Direction::ToWorkbench, 1, start + std::chrono::milliseconds(20)));
        QVERIFY(Clock::now() - start >= std::chrono::milliseconds(20));
        QVERIFY(reader.waitForRing(Direction::ToWorkbench, 0, Clock::now())); // rang already

        const auto waited = Clock::now();
        std::thread ringer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            writer.ring(Direction::ToHost); // the other direction first: no end for the wait
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            writer.ring(Direction::ToWorkbench);
        });
        QVERIFY(reader.waitForRing(Direction::ToWorkbench, 1, waited + std::chrono::seconds(30)));
        QVERIFY(Clock::now() - waited >= std::chrono::milliseconds(100));
        QCOMPARE(reader.rings(Direction::ToHost), std::uint64_t(3));
        ringer.join();
    }

    // Whatever the other side wrote into the counts (a host gone wrong), a read takes at most
    // the ring's bytes, from inside it.
    void aRingNeverReadsPastItself() {
        std::vector<std::uint64_t> shared = sharedMemory();
        HostRing ring(shared.data(), HostDoorbell::Direction::ToHost);
        QCOMPARE(ring.write(std::vector<unsigned char>(5, 9)), std::size_t(5));
        // The count of bytes written, the ring's first word, set far ahead.
        shared[HostDoorbell::kBytes / sizeof(std::uint64_t)] = 5 * HostRing::kCapacity;
        std::vector<unsigned char> into(2 * HostRing::kCapacity);
        QCOMPARE(ring.read(into), HostRing::kCapacity);
        QCOMPARE(int(into[0]), 9);
        // The ring toward the workbench is another: still empty.
        HostRing back(shared.data(), HostDoorbell::Direction::ToWorkbench);
        QVERIFY(!back.hasBytes());
    }

#ifndef _WIN32
    // Three mebibytes in pieces of every size through a ring of one, read as they come by
    // another thread: every byte in order, then the end once the writer's side closed.
    void aRingCarriesAStreamLargerThanItselfInOrder() {
        std::vector<std::uint64_t> shared = sharedMemory();
        HostRing writer(shared.data(), HostDoorbell::Direction::ToWorkbench);
        HostRing reader(shared.data(), HostDoorbell::Direction::ToWorkbench);
        int ends[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
        const std::size_t total = 3 * HostRing::kCapacity + 123;
        const auto byteAt = [](std::size_t i) {
            return static_cast<unsigned char>(i * 7 + i / 4099);
        };
        std::thread writing([&] {
            std::vector<unsigned char> stream(total);
            for (std::size_t i = 0; i < total; ++i)
                stream[i] = byteAt(i);
            const std::size_t pieces[] = {1, 100, 70000, HostRing::kCapacity + 1, 3, 500000};
            std::span<const unsigned char> left(stream);
            for (std::size_t i = 0; !left.empty(); ++i) {
                const std::size_t piece = std::min(left.size(), pieces[i % std::size(pieces)]);
                if (!writer.writeAll(left.first(piece), ends[0]))
                    return;
                left = left.subspan(piece);
            }
            ::close(ends[0]);
        });
        std::vector<unsigned char> chunk(50000);
        std::size_t got = 0;
        bool inOrder = true;
        for (;;) {
            const std::optional<std::size_t> read = reader.receive(chunk, ends[1], -1, true);
            if (!read)
                continue;
            if (*read == 0)
                break;
            for (std::size_t i = 0; i < *read; ++i)
                inOrder = inOrder && chunk[i] == byteAt(got + i);
            got += *read;
        }
        writing.join();
        ::close(ends[1]);
        QCOMPARE(got, total);
        QVERIFY(inOrder);
        QVERIFY(reader.ended());
    }

    // A reader asleep on an empty ring wakes when bytes are written, and not before.
    void aSleepingReaderWakesForAWrite() {
        std::vector<std::uint64_t> shared = sharedMemory();
        HostRing writer(shared.data(), HostDoorbell::Direction::ToHost);
        HostRing reader(shared.data(), HostDoorbell::Direction::ToHost);
        int ends[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
        std::atomic<std::size_t> received{0};
        std::vector<unsigned char> into(64);
        std::thread reading([&] {
            for (;;) {
                if (const auto got = reader.receive(into, ends[1], -1, true)) {
                    received = *got;
                    return;
                }
            }
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QCOMPARE(received.load(), std::size_t(0));
        const unsigned char sent[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        QVERIFY(writer.writeAll(sent, ends[0]));
        reading.join();
        QCOMPARE(received.load(), std::size_t(10));
        QCOMPARE(int(into[9]), 10);
        ::close(ends[0]);
        ::close(ends[1]);
    }

    // A writer whose reader's side has gone (its socket closed) gives up once the ring is full,
    // rather than wait for ever.
    void aWriterGivesUpOnAReaderThatWentOnceTheRingIsFull() {
        std::vector<std::uint64_t> shared = sharedMemory();
        HostRing writer(shared.data(), HostDoorbell::Direction::ToHost);
        int ends[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
        QVERIFY(writer.writeAll(std::vector<unsigned char>(HostRing::kCapacity, 1), ends[0]));
        ::close(ends[1]);
        QVERIFY(!writer.writeAll(std::vector<unsigned char>(1, 2), ends[0]));
        ::close(ends[0]);
    }
#endif

    void roundTripKeepsEveryField() {
        const HostMessage sent = sample();
        const std::vector<unsigned char> frame = HostFrame::encode(sent);
        // The head alone: the same bytes.
        const std::vector<unsigned char> head = HostFrame::encodeHead(sent);
        QCOMPARE(frame.size(), head.size() + sent.bulk.size());
        QVERIFY(std::equal(head.begin(), head.end(), frame.begin()));
        const HostMessage got = HostFrame::decode(frame);
        QVERIFY(got.kind == HostMessage::Kind::Request);
        QCOMPARE(got.id, std::uint64_t(7));
        QCOMPARE(got.verb, std::string("buffer.read"));
        QCOMPARE(got.tag, std::string("inspector"));
        QCOMPARE(got.generation, std::uint64_t(12));
        QCOMPARE(got.body.at("offset").get<int>(), 64);
        QCOMPARE(got.typed, sent.typed);
        QVERIFY(got.bulk == sent.bulk);
        // The header is the protobuf envelope: field 1 (the version) first, as a varint.
        QCOMPARE(int(frame[HostFrame::kPrefixBytes]), 0x08);
        QCOMPARE(int(frame[HostFrame::kPrefixBytes + 1]), HostMessage::kProtocolVersion);
        // An empty body is left out: a ping's whole header is its version, id and verb.
        const std::vector<unsigned char> ping = HostFrame::encode(HostMessage::request(9, "ping"));
        QCOMPARE(ping.size(), HostFrame::kPrefixBytes + 2 + 2 + 6);
        const HostMessage pong = HostFrame::decode(ping);
        QVERIFY(pong.body.is_object() && pong.body.empty());
    }

    void aFrameCarriesNothingOfTheOneBefore() {
        // Each thread writes and reads its frames through one envelope, used again: a frame
        // after a full one must not keep its tag, generation, body or typed body, and a typed
        // body larger than the room kept (64 KiB) goes through whole, both ways. Frames are
        // written back to back and read back to back, as a writer and a reader thread do.
        HostMessage full = sample();
        full.typed.assign(100 * 1024, 'x');
        full.typed.back() = 'y';
        const HostMessage bare = HostMessage::request(3, "ping");
        for (int round = 0; round < 2; ++round) {
            const std::vector<unsigned char> fullFrame = HostFrame::encode(full);
            const std::vector<unsigned char> bareFrame = HostFrame::encode(bare);
            // A ping's whole header is its version, id and verb: nothing of the full frame's.
            QCOMPARE(bareFrame.size(), HostFrame::kPrefixBytes + 2 + 2 + 6);
            const HostMessage gotFull = HostFrame::decode(fullFrame);
            const HostMessage gotBare = HostFrame::decode(bareFrame);
            QCOMPARE(gotFull.tag, std::string("inspector"));
            QCOMPARE(gotFull.generation, std::uint64_t(12));
            QCOMPARE(gotFull.body.at("offset").get<int>(), 64);
            QCOMPARE(gotFull.typed.size(), full.typed.size());
            QCOMPARE(gotFull.typed.back(), 'y');
            QCOMPARE(gotBare.id, std::uint64_t(3));
            QCOMPARE(gotBare.verb, std::string("ping"));
            QVERIFY(gotBare.tag.empty());
            QCOMPARE(gotBare.generation, std::uint64_t(0));
            QVERIFY(gotBare.body.is_object() && gotBare.body.empty());
            QVERIFY(gotBare.typed.empty());
        }
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

        std::vector<unsigned char> notEnvelope = withHeader(goodHeader());
        std::fill(notEnvelope.begin() + HostFrame::kPrefixBytes, notEnvelope.end(), 0xff);
        QVERIFY(refusal(notEnvelope).contains(QStringLiteral("not the protocol's envelope")));

        wire::HostEnvelope noVerb = goodHeader();
        noVerb.clear_verb();
        QCOMPARE(refusal(withHeader(noVerb)),
                 QStringLiteral("a device-host message without its verb"));

        // A tag (field 5, length-delimited) that announces 50 bytes where 5 follow.
        std::string cutField = goodHeader().SerializeAsString();
        cutField += std::string{char(5 << 3 | 2), 50} + "fills";
        QVERIFY(refusal(withHeaderBytes(cutField))
                    .contains(QStringLiteral("not the protocol's envelope")));

        wire::HostEnvelope badKind = goodHeader();
        badKind.set_kind(wire::HostEnvelope::Kind(7));
        QCOMPARE(refusal(withHeader(badKind)),
                 QStringLiteral("a device-host message of unknown kind 7"));

        QCOMPARE(refusal(withHeader(withBody(goodHeader(), nlohmann::json::array({1, 2})))),
                 QStringLiteral("a device-host message whose body is not a map"));

        std::string notCbor = "\xff\xff";
        wire::HostEnvelope badBody = goodHeader();
        badBody.set_body(notCbor);
        QVERIFY(refusal(withHeader(badBody)).contains(QStringLiteral("not CBOR")));

        // A body of 300 nested one-element CBOR arrays: refused before nlohmann's reader, which
        // recurses once a level, runs out of stack (tests/fuzz/regressions holds 200,000 levels).
        wire::HostEnvelope deep = goodHeader();
        deep.set_body(std::string(300, '\x81') + std::string(1, '\0'));
        QCOMPARE(refusal(withHeader(deep)),
                 QStringLiteral("a device-host message header that nests values more than 256 "
                                "deep"));
        QCOMPARE(refusal(withHeader(withBody(goodHeader(), {{"handle", 3}}))),
                 QStringLiteral("(accepted)"));
    }

    void anotherVersionIsRefusedByName() {
        QCOMPARE(HostMessage::kProtocolVersion, 5);
        for (const int version : {6, 4}) { // a newer install's, an older one's
            wire::HostEnvelope other = goodHeader();
            other.set_version(std::uint32_t(version));
            const QString error = refusal(withHeader(other));
            QVERIFY2(error.contains(QStringLiteral("protocol version %1; this side speaks "
                                                   "version 5")
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
        wire::HostEnvelope newer = goodHeader();
        newer.set_version(9);
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
