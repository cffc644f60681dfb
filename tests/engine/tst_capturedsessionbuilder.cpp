// CapturedSessionBuilder (issue 62) on journals written here: a launch becomes a session with its
// source, device, sizes, typed arguments and the expected result after it; what a session cannot
// hold is refused with its reason, never captured wrong: a program from IL, and a program whose
// kernels enqueue kernels on the device.
#include "clw/engine/capture/CaptureRecord.h"
#include "clw/engine/capture/CapturedSessionBuilder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace clw::engine;

namespace {

// A journal of one program `program` (its line's members after "program"), one kernel `name`
// taking one 16-byte buffer, and its first launch over 4 work-items; the data files hold 0..15
// before and 15..0 after.
std::filesystem::path writeJournal(const QTemporaryDir& dir, const std::string& program,
                                   const std::string& name) {
    const std::filesystem::path folder = dir.path().toStdString();
    std::filesystem::create_directories(folder / "data");
    std::ofstream journal(folder / "capture.jsonl");
    journal << R"({"type":"start","pid":1,"clock":0})"
            << "\n"
            << R"({"type":"queue","queue":1,"device":"Some GPU","platform":"Some platform"})"
            << "\n"
            << R"({"type":"program","program":2,)" << program << "}\n"
            << R"({"type":"build","program":2,"options":"-DN=4","status":0})"
            << "\n"
            << R"({"type":"kernel","kernel":3,"program":2,"name":")" << name << "\"}\n"
            << R"({"type":"mem","mem":4,"kind":"buffer","size":16,"flags":1})"
            << "\n"
            << R"({"type":"launch","launch":1,"kernel":3,"program":2,"name":")" << name
            << R"(","queue":1,"device":"Some GPU","platform":"Some platform","global":[4],)"
            << R"("local":null,"offset":null,"arguments":[{"kind":"mem","mem":4}],)"
            << R"("data":{"4":{"before":"l1-m4-before","after":"l1-m4-after"}}})"
            << "\n";
    std::ofstream before(folder / "data/l1-m4-before.bin", std::ios::binary);
    std::ofstream after(folder / "data/l1-m4-after.bin", std::ios::binary);
    for (int i = 0; i < 16; ++i) {
        before.put(char(i));
        after.put(char(15 - i));
    }
    return folder;
}

QString refusal(const std::filesystem::path& folder) {
    const CaptureRecord record = CaptureRecord::read(folder);
    try {
        CapturedSessionBuilder::build(record, {&record.launches().front()});
    } catch (const CaptureRefusal& refused) {
        return QString::fromUtf8(refused.what());
    }
    return {};
}

} // namespace

class TestCapturedSessionBuilder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aLaunchBecomesASession() {
        QTemporaryDir dir;
        const auto folder = writeJournal(
            dir, R"("sources":["kernel void flip(global uchar4* a) { a[0] = a[0].wzyx; }"])",
            "flip");
        const CaptureRecord record = CaptureRecord::read(folder);
        QCOMPARE(record.launches().size(), size_t(1));
        const CapturedSession made =
            CapturedSessionBuilder::build(record, {&record.launches().front()});
        const Session& session = made.session;
        QCOMPARE(session.devices, std::vector<std::string>{"Some GPU"});
        QCOMPARE(session.options, std::string("-DN=4"));
        QCOMPARE(session.launches.size(), size_t(1));
        QCOMPARE(session.launches[0].kernel, std::string("flip"));
        QCOMPARE(session.buffers.size(), size_t(1));
        const SessionBuffer& a = session.buffers[0];
        QCOMPARE(a.name, std::string("a"));
        QCOMPARE(a.elementType, std::string("uchar4"));
        QVERIFY(!a.expected.empty());
        QVERIFY(a.output);
    }

    void aProgramFromILIsRefusedWithItsReason() {
        QTemporaryDir dir;
        const auto folder = writeJournal(dir, R"("from":"il")", "fromil");
        QCOMPARE(refusal(folder),
                 QStringLiteral("kernel 'fromil' comes from a program made from IL (SPIR-V), not "
                                "from source: a session holds OpenCL C source, so it is not "
                                "captured"));
    }

    void deviceSideEnqueueIsRefusedWithItsReason() {
        QTemporaryDir dir;
        const auto folder = writeJournal(
            dir,
            R"("sources":["kernel void child(global int* a) { a[get_global_id(0)] = 1; }\n)"
            R"(kernel void parent(global int* a) {\n  enqueue_kernel (get_default_queue(), )"
            R"(CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(4), ^{ child(a); });\n}\n"])",
            "parent");
        QCOMPARE(refusal(folder),
                 QStringLiteral("kernel 'parent' is in a program that enqueues kernels on the "
                                "device (enqueue_kernel), which a session does not replay: not "
                                "captured"));
        // A name that only contains the word is no call.
        QTemporaryDir other;
        const auto plain = writeJournal(
            other, R"("sources":["kernel void my_enqueue_kernels(global int* a) { a[0] = 1; }"])",
            "my_enqueue_kernels");
        QCOMPARE(refusal(plain), QString());
    }
};

QTEST_GUILESS_MAIN(TestCapturedSessionBuilder)
#include "tst_capturedsessionbuilder.moc"
