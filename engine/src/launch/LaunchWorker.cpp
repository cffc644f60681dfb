#include "LaunchWorker.h"

#include "clw/engine/launch/ArgumentBinder.h"
#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/SignatureReader.h"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace clw::engine {

// A kernel object of this worker, with what was read about it once.
struct LaunchWorker::CachedKernel {
    Kernel kernel;
    KernelSignature signature;
    KernelLimits limits;
    std::vector<ArgumentValue> lastArguments; // checked and set already
};

namespace {

bool sameValue(const ArgumentValue& a, const ArgumentValue& b) {
    using Kind = ArgumentValue::Kind;
    if (a.kind() != b.kind())
        return false;
    switch (a.kind()) {
    case Kind::Bytes:
        return a.element() == b.element() && a.width() == b.width() && a.data() == b.data();
    case Kind::Memory:
        return a.memoryObject().get() == b.memoryObject().get();
    case Kind::Local:
        return a.localSize() == b.localSize();
    case Kind::Sampler:
        return a.samplerObject().get() == b.samplerObject().get();
    case Kind::Svm:
        return a.svmPointer() == b.svmPointer();
    case Kind::Queue:
        return a.rawQueue() == b.rawQueue();
    case Kind::NullPointer:
    case Kind::Unset:
        return true;
    }
    return false;
}

// Fills in the runs' profiling times, or the error the last command ended with.
void finishResult(const std::vector<Event>& events, cl_int status, LaunchResult& result) {
    if (status < 0) {
        result.ok = false;
        result.code = status;
        result.error = "the command failed on the device with " + errorName(status);
        return;
    }
    try {
        for (const Event& event : events)
            result.runs.push_back(event.profilingTimes());
    } catch (const ClError& error) {
        result.error = error.what(); // timings lost, the work itself is done
    }
}

// What the arguments name that must outlive the launch, in one owner; null when nothing.
std::shared_ptr<const void> ownersOf(const std::vector<ArgumentValue>& arguments) {
    auto owners = std::make_shared<std::vector<std::shared_ptr<const void>>>();
    for (const ArgumentValue& value : arguments)
        if (value.owner())
            owners->push_back(value.owner());
    return owners->empty() ? nullptr : owners;
}

// Delivers the result once the last command completed. With nothing else waiting for the worker,
// it waits right here (the quickest round trip); otherwise the event's callback delivers it on a
// driver thread, and the worker goes on to the next job.
// `owners` (what the launch's arguments name: pool claims, device queues) are held until then.
void deliverWhenComplete(std::vector<Event> events, LaunchResult result,
                         LaunchWorker::Callback done, bool waitHere,
                         std::shared_ptr<const void> owners = {}) {
    Event last = events.back();
    if (waitHere) {
        cl_event raw = last.get();
        const cl_int waited = clApi().clWaitForEvents(1, &raw);
        cl_int status = CL_COMPLETE;
        const cl_int queried = clApi().clGetEventInfo(raw, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                                      sizeof status, &status, nullptr);
        if (queried != CL_SUCCESS) {
            result.ok = false;
            result.code = queried;
            result.error =
                failureText(queried, "clGetEventInfo", "asking whether the launch completed");
        } else if (waited != CL_SUCCESS && status >= 0) {
            // The status says nothing is wrong, yet the wait failed: the wait's error stands.
            result.ok = false;
            result.code = waited;
            result.error = failureText(waited, "clWaitForEvents", "waiting for the launch");
        } else {
            finishResult(events, status, result);
        }
        done(std::move(result));
        return;
    }
    auto shared =
        std::make_shared<std::tuple<std::vector<Event>, LaunchResult, LaunchWorker::Callback>>(
            std::move(events), std::move(result), std::move(done));
    last.onComplete([shared, owners = std::move(owners)](cl_int status) {
        auto& [events, result, done] = *shared;
        finishResult(events, status, result);
        done(std::move(result));
    });
}

} // namespace

LaunchWorker::LaunchWorker(const Context& context, const Device& device)
    : m_context(context)
    , m_device(device)
    , m_queue(context, device, CL_QUEUE_PROFILING_ENABLE) {}

LaunchWorker::JobId LaunchWorker::enqueue(std::function<void(Callback&)> work, Callback done) {
    JobId id;
    {
        std::lock_guard lock(m_mutex);
        id = m_nextId++;
        auto callback = std::make_shared<Callback>(std::move(done));
        m_jobs.push_back({id, [work = std::move(work), callback] { work(*callback); },
                          [callback](LaunchResult result) { (*callback)(std::move(result)); }});
    }
    m_wake.notify_one();
    return id;
}

LaunchWorker::Callback LaunchWorker::withdraw(JobId id) {
    std::lock_guard lock(m_mutex);
    auto it =
        std::find_if(m_jobs.begin(), m_jobs.end(), [&](const Job& job) { return job.id == id; });
    if (it == m_jobs.end())
        return {};
    Callback done = std::move(it->done);
    m_jobs.erase(it);
    if (m_jobs.empty() && !m_busy)
        m_idle.notify_all();
    return done;
}

std::vector<LaunchWorker::Callback> LaunchWorker::withdrawAll() {
    std::vector<Callback> callbacks;
    std::lock_guard lock(m_mutex);
    for (Job& job : m_jobs)
        callbacks.push_back(std::move(job.done));
    m_jobs.clear();
    if (!m_busy)
        m_idle.notify_all();
    return callbacks;
}

void LaunchWorker::serve() {
    for (;;) {
        std::function<void()> run;
        {
            std::unique_lock lock(m_mutex);
            // A waiter may be running a job in the worker's place: the next one waits for it.
            m_wake.wait(lock, [this] { return !m_busy && (m_stopping || !m_jobs.empty()); });
            if (m_jobs.empty())
                break;
            run = std::move(m_jobs.front().run);
            m_jobs.pop_front();
            m_busy = true;
        }
        runTaken(std::move(run));
    }
    // Results delivered by a command's callback come on a driver thread: waiting for the queue
    // here means none comes after the service's destructor waited for this loop to end (as long
    // as it ended within the destructor's limit).
    clApi().clFinish(m_queue.get());
}

void LaunchWorker::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
}

void LaunchWorker::runIfFirst(JobId id) {
    std::function<void()> run;
    {
        std::lock_guard lock(m_mutex);
        if (m_busy || m_jobs.empty() || m_jobs.front().id != id)
            return;
        run = std::move(m_jobs.front().run);
        m_jobs.pop_front();
        m_busy = true;
    }
    runTaken(std::move(run));
}

void LaunchWorker::runTaken(std::function<void()> run) {
    run();
    run = nullptr; // its captures go before the job counts as done (finish() relies on it)
    std::lock_guard lock(m_mutex);
    m_busy = false;
    if (m_jobs.empty())
        m_idle.notify_all();
    // The worker may wait for a waiter's job to end.
    m_wake.notify_one();
}

bool LaunchWorker::idle() {
    std::lock_guard lock(m_mutex);
    return m_jobs.empty();
}

void LaunchWorker::finish() {
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return m_jobs.empty() && !m_busy; });
    }
    m_queue.finish();
}

LaunchWorker::CachedKernel& LaunchWorker::kernelFor(const Program& program,
                                                    const std::string& name) {
    // Runs of one kernel come in a row: the last one answers without a map lookup.
    if (m_lastKernel && m_lastProgram == program.get() && m_lastKernel->name == name)
        return m_lastKernel->cached;
    // Each cached kernel keeps its program alive: bound the cache so that a long session of
    // edits and rebuilds does not hold every old program.
    if (m_kernels.size() >= kMaxCachedKernels && !m_kernels.count({program.get(), name})) {
        m_lastKernel.reset();
        m_kernels.clear();
    }
    auto& slot = m_kernels[{program.get(), name}];
    if (!slot) {
        auto cached = std::make_shared<CachedKernel>();
        cached->kernel = Kernel(program, name);
        cached->signature = readSignature(cached->kernel, m_device);
        cached->limits = KernelLimits::of(cached->kernel, m_device);
        slot = std::move(cached);
    }
    m_lastProgram = program.get();
    m_lastKernel = std::make_unique<LastKernel>(LastKernel{name, *slot});
    return *slot;
}

void LaunchWorker::runLaunch(const LaunchRequest& request, Callback& done) {
    LaunchResult result;
    try {
        CachedKernel& cached = kernelFor(request.program, request.kernelName);
        const KernelSignature& signature =
            request.signature ? *request.signature : cached.signature;
        const auto& args = request.arguments;
        // Arguments unchanged since the last launch of this kernel need no check and no
        // clSetKernelArg.
        const bool sameCount = cached.lastArguments.size() == args.size();
        bool changed = !sameCount;
        for (size_t i = 0; sameCount && i < args.size() && !changed; ++i)
            changed = !sameValue(args[i], cached.lastArguments[i]);
        cl_ulong localBytes = 0;
        for (const ArgumentValue& value : args)
            if (value.kind() == ArgumentValue::Kind::Local)
                localBytes += value.localSize();
        if (changed) {
            ArgumentBinder::check(signature, args, m_context);
            cached.lastArguments.clear();
            ArgumentBinder::set(cached.kernel, args);
            for (const ArgumentValue& value : args)
                cached.lastArguments.push_back(value.withoutOwner());
        }
        const GeometryCheck geometry =
            checkGeometry(request.geometry, cached.limits, signature, localBytes);
        result.global = geometry.global;
        result.local = geometry.local;
        if (!geometry.ok) {
            result.code = geometry.code;
            result.error = "launching kernel '" + signature.name + "': " + geometry.problem;
            done(std::move(result));
            return;
        }
        std::vector<Event> events;
        if (geometry.empty) {
            result.empty = true;
            events.push_back(m_queue.marker(request.waitFor));
        } else {
            const int repeat = std::max(1, request.repeat);
            for (int i = 0; i < repeat; ++i)
                events.push_back(m_queue.ndRange(
                    cached.kernel, geometry.global, geometry.local, request.geometry.offset,
                    i == 0 ? std::span<const Event>(request.waitFor) : std::span<const Event>()));
        }
        m_queue.flush();
        result.ok = true;
        result.event = events.back();
        deliverWhenComplete(std::move(events), std::move(result), std::move(done), idle(),
                            ownersOf(args));
    } catch (const ClError& error) {
        result.ok = false;
        result.code = error.code();
        result.error = error.what();
        done(std::move(result));
    }
}

void LaunchWorker::runTransfer(const std::function<Event()>& enqueueCommand, Callback done) {
    LaunchResult result;
    try {
        Event event = enqueueCommand();
        result.ok = true;
        result.event = event;
        deliverWhenComplete({event}, std::move(result), std::move(done), idle());
    } catch (const ClError& error) {
        result.code = error.code();
        result.error = error.what();
        done(std::move(result));
    }
}

} // namespace clw::engine
