// A user event that nobody can set any more: when the last UserEvent copy goes while the event is
// unset, the engine sets it to UserEvent::kAbandoned, so the commands waiting for it fail and
// their queue finishes instead of waiting for ever (NVIDIA's driver hung the release of such a
// queue). On PoCL, clFinish on that queue would never return without it.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <chrono>
#include <thread>

using namespace clw::engine;

namespace {

// The event's status once it is no longer CL_SUBMITTED or later, or after `limit`.
cl_int settledStatus(const Event& event, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    cl_int status = event.status();
    while (status > CL_COMPLETE && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        status = event.status();
    }
    return status;
}

} // namespace

class TestUserEvent : public QObject {
    Q_OBJECT
private slots:
    void droppedUnsetEventFailsItsWaiters() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        std::vector<int> host(4, 7);
        const Buffer buffer = clw::test::bufferWith(context, std::vector<int>(4, 1));
        Event gate; // the user event as an Event: it keeps it alive but cannot set it
        Event marker;
        Event read;
        {
            const UserEvent user(context);
            const UserEvent copy = user; // copies share one guard: the last one decides
            gate = user;
            const std::vector<Event> waitForCopy{copy};
            marker = queue.marker(waitForCopy);
            const std::vector<Event> waitForMarker{marker};
            read =
                queue.read(buffer, 0, host.size() * sizeof(int), host.data(), false, waitForMarker);
            queue.flush();
            QCOMPARE(marker.status() > CL_COMPLETE, true); // held back by the unset event
        }
        // Without the guard these would stay queued for ever; 10 s is far more than needed.
        QCOMPARE(settledStatus(gate, std::chrono::seconds(10)), UserEvent::kAbandoned);
        QVERIFY(settledStatus(marker, std::chrono::seconds(10)) < 0);
        QVERIFY(settledStatus(read, std::chrono::seconds(10)) < 0);
        queue.finish();                         // returns: nothing waits any more
        QCOMPARE(host, std::vector<int>(4, 7)); // the failed read wrote nothing
    }

    void aSetEventIsLeftAlone() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        Event gate;
        Event marker;
        {
            const UserEvent user(context);
            gate = user;
            const std::vector<Event> waitFor{user};
            marker = queue.marker(waitFor);
            user.complete();
        }
        QCOMPARE(settledStatus(marker, std::chrono::seconds(10)), CL_COMPLETE);
        QCOMPARE(gate.status(), CL_COMPLETE);
        queue.finish();
    }

    void aDefaultUserEventHasNothingToGuard() {
        const UserEvent none;
        QVERIFY(!none);
        const UserEvent copy = none; // destroying both must not touch the driver
        QVERIFY(!copy);
    }
};

QTEST_GUILESS_MAIN(TestUserEvent)
#include "tst_userevent.moc"
