// The capture layer's trace.jsonl as a Chrome trace: host calls on their threads' tracks, the
// commands' device times on their queues' tracks moved onto the host's clock, the summary, and
// the journal's damage (a cut-short last line left out, anything else an error naming the line).
#include "clw/engine/capture/ChromeTrace.h"

#include <QtTest>

#include <stdexcept>
#include <string>

using namespace clw::engine;
using nlohmann::json;

namespace {

// Two threads, two queues, lines out of order. Host times start at 1,000,000 ns.
// Queue 7's first command (sequence 1, "scale") was queued at device 50,000,000 when its call
// started at host 1,010,000: offset -48,990,000. Command 2 ("vadd") comes first in the journal
// and would give -49,000,000: taking it would put vadd 10 us early.
// Queue 9's command 3 (a read): offset 1,030,000 - 900,000,000. Command 4 failed (no times).
// The last line was cut short as the program crashed.
const std::string kJournal =
    R"({"ev":2,"s":[50020000,50021000,50030000,50034250]})"
    "\n"
    R"({"c":"clEnqueueNDRangeKernel","t":1020000,"d":2500,"th":2,"q":7,"k":"vadd","e":2})"
    "\n"
    R"({"c":"clCreateBuffer","t":1000000,"d":2000,"th":1})"
    "\n"
    R"({"c":"clEnqueueTask","t":1020000,"d":1000,"th":1,"q":7,"k":"tail"})"
    "\n"
    R"({"c":"clEnqueueNDRangeKernel","t":1010000,"d":3000,"th":1,"q":7,"k":"scale","e":1})"
    "\n"
    R"({"ev":1,"s":[50000000,50001000,50002000,50012000]})"
    "\n"
    R"({"c":"clEnqueueReadBuffer","t":1030000,"d":4000,"th":2,"q":9,"e":3})"
    "\n"
    R"({"ev":3,"s":[900000000,900000500,900001500,900006000]})"
    "\n"
    R"({"c":"clEnqueueWriteBuffer","t":1040000,"d":1000,"th":1,"q":9,"e":4})"
    "\n"
    R"({"ev":4,"status":-5})"
    "\n"
    R"({"c":"clFinish","t":1050000,"d":70)";

// The one event of phase `ph` in process `pid` named `name`.
json only(const json& trace, const std::string& ph, int pid, const std::string& name) {
    json found;
    int matches = 0;
    for (const json& event : trace.at("traceEvents"))
        if (event.at("ph") == ph && event.at("pid") == pid && event.at("name") == name) {
            found = event;
            ++matches;
        }
    if (matches != 1)
        throw std::runtime_error(std::to_string(matches) + " events " + ph + " " + name);
    return found;
}

// The name a metadata event gives to process `pid` (tid < 0) or to its thread `tid`.
std::string metadataName(const json& trace, int pid, int tid) {
    for (const json& event : trace.at("traceEvents"))
        if (event.at("ph") == "M" && event.at("pid") == pid &&
            event.at("name") == (tid < 0 ? "process_name" : "thread_name") &&
            (tid < 0 || event.at("tid") == tid))
            return event.at("args").at("name").get<std::string>();
    return "(none)";
}

double number(const json& event, const char* key) {
    return event.at(key).get<double>();
}

std::string throwsWith(const std::string& journal) {
    try {
        ChromeTrace::fromJournal(journal);
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return "(no error)";
}

} // namespace

class TestChromeTrace : public QObject {
    Q_OBJECT
private slots:
    void hostCallsOnThreadTracks() {
        const json trace = ChromeTrace::fromJournal(kJournal, {{7, "gfx1100"}}).json();
        QCOMPARE(trace.at("displayTimeUnit").get<std::string>(), std::string("ns"));
        // 6 calls (the cut-short clFinish left out), 3 timed commands, 6 metadata events.
        QCOMPARE(trace.at("traceEvents").size(), size_t(15));
        int api = 0;
        for (const json& event : trace.at("traceEvents"))
            api += event.value("cat", "") == "api";
        QCOMPARE(api, 6);

        const json create = only(trace, "X", 1, "clCreateBuffer");
        QCOMPARE(create.at("cat").get<std::string>(), std::string("api"));
        QCOMPARE(create.at("tid").get<int>(), 1);
        QCOMPARE(number(create, "ts"), 0.0);
        QCOMPARE(number(create, "dur"), 2.0);
        QVERIFY(create.at("args").empty());

        const json task = only(trace, "X", 1, "clEnqueueTask");
        QCOMPARE(task.at("tid").get<int>(), 1);
        QCOMPARE(number(task, "ts"), 20.0);
        QCOMPARE(number(task, "dur"), 1.0);
        QCOMPARE(task.at("args"), (json{{"kernel", "tail"}, {"queue", 7}}));

        const json read = only(trace, "X", 1, "clEnqueueReadBuffer");
        QCOMPARE(read.at("tid").get<int>(), 2);
        QCOMPARE(number(read, "ts"), 30.0);
        QCOMPARE(number(read, "dur"), 4.0);
        QCOMPARE(read.at("args"), (json{{"queue", 9}}));

        // The failed write keeps its status where its command has no times.
        const json write = only(trace, "X", 1, "clEnqueueWriteBuffer");
        QCOMPARE(number(write, "ts"), 40.0);
        QCOMPARE(write.at("args"), (json{{"queue", 9}, {"status", -5}}));

        // The two launches of clEnqueueNDRangeKernel: scale on thread 1, vadd on thread 2.
        int launches = 0;
        for (const json& event : trace.at("traceEvents")) {
            if (event.at("name") != "clEnqueueNDRangeKernel")
                continue;
            ++launches;
            const bool scale = event.at("args").at("kernel") == "scale";
            QCOMPARE(event.at("tid").get<int>(), scale ? 1 : 2);
            QCOMPARE(number(event, "ts"), scale ? 10.0 : 20.0);
            QCOMPARE(number(event, "dur"), scale ? 3.0 : 2.5);
            QCOMPARE(event.at("args").at("queue").get<int>(), 7);
        }
        QCOMPARE(launches, 2);
    }

    void commandsOnQueueTracks() {
        const json trace = ChromeTrace::fromJournal(kJournal, {{7, "gfx1100"}}).json();
        // scale: start 50,002,000 -> host 1,012,000 -> 12 us; 10,000 ns long.
        const json scale = only(trace, "X", 2, "scale");
        QCOMPARE(scale.at("cat").get<std::string>(), std::string("device"));
        QCOMPARE(scale.at("tid").get<int>(), 7);
        QCOMPARE(number(scale, "ts"), 12.0);
        QCOMPARE(number(scale, "dur"), 10.0);
        QCOMPARE(number(scale.at("args"), "queued_us"), 10.0);
        QCOMPARE(number(scale.at("args"), "submit_us"), 11.0);
        QCOMPARE(scale.at("args").at("call").get<std::string>(),
                 std::string("clEnqueueNDRangeKernel"));

        // vadd, with queue 7's offset from command 1: start 50,030,000 -> 1,040,000 -> 40 us.
        const json vadd = only(trace, "X", 2, "vadd");
        QCOMPARE(vadd.at("tid").get<int>(), 7);
        QCOMPARE(number(vadd, "ts"), 40.0);
        QCOMPARE(number(vadd, "dur"), 4.25);
        QCOMPARE(number(vadd.at("args"), "queued_us"), 30.0);
        QCOMPARE(number(vadd.at("args"), "submit_us"), 31.0);

        // The read on queue 9, named without "clEnqueue": start 900,001,500 -> 31.5 us.
        const json read = only(trace, "X", 2, "ReadBuffer");
        QCOMPARE(read.at("tid").get<int>(), 9);
        QCOMPARE(number(read, "ts"), 31.5);
        QCOMPARE(number(read, "dur"), 4.5);
        QCOMPARE(number(read.at("args"), "queued_us"), 30.0);
        QCOMPARE(number(read.at("args"), "submit_us"), 30.5);
        QCOMPARE(read.at("args").at("call").get<std::string>(), std::string("clEnqueueReadBuffer"));

        int device = 0;
        for (const json& event : trace.at("traceEvents"))
            device += event.value("cat", "") == "device";
        QCOMPARE(device, 3); // the untimed write has none
    }

    void metadataNames() {
        const json trace = ChromeTrace::fromJournal(kJournal, {{7, "gfx1100"}}).json();
        QCOMPARE(metadataName(trace, 1, -1), std::string("Program (host)"));
        QCOMPARE(metadataName(trace, 1, 1), std::string("Thread 1"));
        QCOMPARE(metadataName(trace, 1, 2), std::string("Thread 2"));
        QCOMPARE(metadataName(trace, 2, -1), std::string("Device queues"));
        QCOMPARE(metadataName(trace, 2, 7), std::string("Queue 7 (gfx1100)"));
        QCOMPARE(metadataName(trace, 2, 9), std::string("Queue 9"));
        // What it writes as trace.json reads back as the same object.
        QCOMPARE(json::parse(trace.dump()), trace);
    }

    void summary() {
        const TraceSummary summary = ChromeTrace::fromJournal(kJournal).summary();
        QCOMPARE(summary.calls, size_t(6));
        // By start time; vadd and tail started in the same nanosecond, vadd's line first.
        QCOMPARE(summary.launches, (std::vector<std::string>{"scale", "vadd", "tail"}));
        QCOMPARE(summary.kernelDeviceNs,
                 (std::map<std::string, std::uint64_t>{{"scale", 10000}, {"vadd", 4250}}));
        // Each launch's own device time, in the same order; tail's command has no times.
        QCOMPARE(summary.launchDeviceNs, (std::vector<std::uint64_t>{10000, 4250, 0}));
    }

    void emptyJournal() {
        const ChromeTrace trace = ChromeTrace::fromJournal("");
        QCOMPARE(trace.summary().calls, size_t(0));
        QCOMPARE(trace.json().at("traceEvents").size(), size_t(1)); // the host process's name
        // Only a cut-short line (and blank ones after it): nothing, and no error.
        QCOMPARE(ChromeTrace::fromJournal("{\"c\":\"clFin\n\n").summary().calls, size_t(0));
    }

    void damagedLinesThrowWithTheirNumber() {
        const std::string call = R"({"c":"clFinish","t":5,"d":1,"th":1})";
        const std::string notJson = throwsWith(call + "\nnot json\n" + call + "\n");
        QVERIFY2(notJson.find("line 2") != std::string::npos, notJson.c_str());
        // A line cut short anywhere but at the end is damage too.
        const std::string cut = throwsWith(call + "\n" + call + "\n{\"c\":\"clFin\n" + call);
        QVERIFY2(cut.find("line 3") != std::string::npos, cut.c_str());
        // Whole objects that are no call or command: never a crash's work, even at the end.
        const std::string noTime = throwsWith(call + "\n" + R"({"c":"clFinish","d":1,"th":1})");
        QVERIFY2(noTime.find("line 2") != std::string::npos, noTime.c_str());
        QVERIFY2(noTime.find("\"t\"") != std::string::npos, noTime.c_str());
        const std::string times = throwsWith(R"({"ev":1,"s":[1,2,3]})"
                                             "\n" +
                                             call);
        QVERIFY2(times.find("line 1") != std::string::npos, times.c_str());
        const std::string other = throwsWith(call + "\n\n" + R"({"x":1})" + "\n" + call);
        QVERIFY2(other.find("line 3") != std::string::npos, other.c_str());
    }
};

QTEST_GUILESS_MAIN(TestChromeTrace)
#include "tst_chrometrace.moc"
