#include "clw/engine/launch/LaunchService.h"

#include "LaunchWorker.h"

#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/CleanupWait.h"

namespace clw::engine {

LaunchService::LaunchService(const Context& context, const Device& device)
    : m_worker(std::make_shared<LaunchWorker>(context, device))
    , m_device(device)
    , m_queue(m_worker->queue()) {
    auto served = std::make_shared<std::promise<void>>();
    m_served = served->get_future();
    m_thread = std::thread([worker = m_worker, served] {
        worker->serve();
        served->set_value();
    });
}

LaunchService::~LaunchService() {
    m_worker->stop();
    if (m_served.wait_for(cleanupWaitLimit()) == std::future_status::ready) {
        m_thread.join();
        return;
    }
    // A command has not completed within the limit: an unset user event holds it back, or it
    // hangs. Whoever waits for it (the worker, or a waiter running a job in its place) is left
    // to it; it holds the LaunchWorker, so nothing is freed under it, and it delivers that
    // command's result if the command ever completes. Jobs not started are cancelled, so that
    // none of them waits behind it.
    std::vector<Callback> waiting = m_worker->withdrawAll();
    m_thread.detach();
    noteAbandonedWait("destroying a launch service",
                      std::to_string(waiting.size()) +
                          " job(s) not started were cancelled, and its worker was left waiting "
                          "for a command that has not completed (a user event never set, or a "
                          "kernel that hangs): if it never completes, only ending the process "
                          "ends that wait");
    for (Callback& done : waiting) {
        LaunchResult result;
        result.cancelled = true;
        result.error = "cancelled: the launch service was destroyed while an earlier command "
                       "had not completed";
        runGuarded("a cancelled launch's callback", [&] { done(std::move(result)); });
    }
}

bool LaunchService::cancel(JobId id) {
    Callback done = m_worker->withdraw(id);
    if (!done)
        return false;
    LaunchResult result;
    result.cancelled = true;
    result.error = "cancelled before it started";
    done(std::move(result));
    return true;
}

void LaunchService::finish() {
    m_worker->finish();
}

LaunchService::JobId LaunchService::launch(LaunchRequest request, Callback done) {
    auto shared = std::make_shared<LaunchRequest>(std::move(request));
    return m_worker->enqueue([worker = m_worker.get(),
                              shared](Callback& callback) { worker->runLaunch(*shared, callback); },
                             std::move(done));
}

LaunchFuture LaunchService::promised(const std::function<JobId(Callback)>& submit) {
    auto promise = std::make_shared<std::promise<LaunchResult>>();
    auto future = promise->get_future();
    const JobId id =
        submit([promise](LaunchResult result) { promise->set_value(std::move(result)); });
    return LaunchFuture(std::move(future), m_worker, id);
}

LaunchFuture LaunchService::launch(LaunchRequest request) {
    return promised([&](Callback done) { return launch(std::move(request), std::move(done)); });
}

LaunchService::JobId LaunchService::upload(Buffer buffer, size_t offset,
                                           std::vector<unsigned char> data, Callback done) {
    auto owned = std::make_shared<std::vector<unsigned char>>(std::move(data));
    return m_worker->enqueue(
        [worker = m_worker.get(), buffer, offset, owned](Callback& callback) {
            worker->runTransfer(
                [&] {
                    return worker->queue().write(buffer, offset, owned->size(), owned->data(),
                                                 false, {}, owned);
                },
                std::move(callback));
        },
        std::move(done));
}

LaunchService::JobId LaunchService::download(Buffer buffer, size_t offset, size_t size,
                                             Callback done) {
    return m_worker->enqueue(
        [worker = m_worker.get(), buffer, offset, size](Callback& callback) {
            // The bytes land in a buffer the callback's result then owns.
            auto target = std::make_shared<std::vector<unsigned char>>(size);
            Callback withData = [target, inner = std::move(callback)](LaunchResult result) mutable {
                result.data = std::move(*target);
                inner(std::move(result));
            };
            worker->runTransfer(
                [&] {
                    return worker->queue().read(buffer, offset, size, target->data(), false, {},
                                                target);
                },
                std::move(withData));
        },
        std::move(done));
}

LaunchFuture LaunchService::download(Buffer buffer, size_t offset, size_t size) {
    return promised(
        [&](Callback done) { return download(std::move(buffer), offset, size, std::move(done)); });
}

LaunchService::JobId LaunchService::fill(Buffer buffer, std::vector<unsigned char> pattern,
                                         size_t offset, size_t size, Callback done) {
    return m_worker->enqueue(
        [worker = m_worker.get(), buffer, pattern = std::move(pattern), offset,
         size](Callback& callback) {
            worker->runTransfer(
                [&] {
                    return worker->queue().fill(buffer, pattern.data(), pattern.size(), offset,
                                                size);
                },
                std::move(callback));
        },
        std::move(done));
}

} // namespace clw::engine
