#include "clw/engine/LaunchService.h"

#include "clw/engine/ArgumentBinder.h"
#include "clw/engine/KernelLimits.h"
#include "clw/engine/SignatureReader.h"

#include <cstring>

namespace clw::engine {

// A kernel object of this worker, with what was read about it once.
struct LaunchService::CachedKernel {
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
                         LaunchService::Callback done, bool waitHere,
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
            result.error = "clGetEventInfo failed with " + errorName(queried) +
                           " while asking whether the launch completed";
        } else if (waited != CL_SUCCESS && status >= 0) {
            // The status says nothing is wrong, yet the wait failed: the wait's error stands.
            result.ok = false;
            result.code = waited;
            result.error = "clWaitForEvents failed with " + errorName(waited) +
                           " while waiting for the launch";
        } else {
            finishResult(events, status, result);
        }
        done(std::move(result));
        return;
    }
    auto shared =
        std::make_shared<std::tuple<std::vector<Event>, LaunchResult, LaunchService::Callback>>(
            std::move(events), std::move(result), std::move(done));
    last.onComplete([shared, owners = std::move(owners)](cl_int status) {
        auto& [events, result, done] = *shared;
        finishResult(events, status, result);
        done(std::move(result));
    });
}

} // namespace

LaunchService::LaunchService(const Context& context, const Device& device)
    : m_context(context)
    , m_device(device)
    , m_queue(context, device, CL_QUEUE_PROFILING_ENABLE)
    , m_worker([this] { workerLoop(); }) {
    auto released = std::make_shared<std::promise<void>>();
    m_tokenReleased = released->get_future();
    m_token.reset(new LaunchService*(this), [released](LaunchService** token) {
        delete token;
        released->set_value();
    });
}

LaunchService::~LaunchService() {
    m_token.reset(); // from now on a waiter waits, and one running a job finishes it first
    m_tokenReleased.wait();
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_worker.join();
    // Callbacks of commands still on the device hold their own references; wait for them here
    // so none runs after the service is gone.
    clApi().clFinish(m_queue.get());
}

LaunchService::JobId LaunchService::enqueue(std::function<void(Callback&)> work, Callback done) {
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

void LaunchService::workerLoop() {
    for (;;) {
        std::function<void()> run;
        {
            std::unique_lock lock(m_mutex);
            // A waiter may be running a job in the worker's place: the next one waits for it.
            m_wake.wait(lock, [this] { return !m_busy && (m_stopping || !m_jobs.empty()); });
            if (m_jobs.empty()) {
                m_idle.notify_all();
                return;
            }
            run = std::move(m_jobs.front().run);
            m_jobs.pop_front();
            m_busy = true;
        }
        run();
        run = nullptr; // its captures go before the job counts as done (finish() relies on it)
        {
            std::lock_guard lock(m_mutex);
            m_busy = false;
            if (m_jobs.empty())
                m_idle.notify_all();
        }
    }
}

void LaunchService::runIfFirst(JobId id) {
    std::function<void()> run;
    {
        std::lock_guard lock(m_mutex);
        if (m_busy || m_jobs.empty() || m_jobs.front().id != id)
            return;
        run = std::move(m_jobs.front().run);
        m_jobs.pop_front();
        m_busy = true;
    }
    run();
    run = nullptr;
    std::lock_guard lock(m_mutex);
    m_busy = false;
    if (m_jobs.empty())
        m_idle.notify_all();
    // Under the lock: a destructor waiting for the worker must not finish before this returns.
    m_wake.notify_one();
}

bool LaunchService::cancel(JobId id) {
    Callback done;
    {
        std::lock_guard lock(m_mutex);
        auto it = std::find_if(m_jobs.begin(), m_jobs.end(),
                               [&](const Job& job) { return job.id == id; });
        if (it == m_jobs.end())
            return false;
        done = std::move(it->done);
        m_jobs.erase(it);
    }
    LaunchResult result;
    result.cancelled = true;
    result.error = "cancelled before it started";
    done(std::move(result));
    return true;
}

bool LaunchService::idle() {
    std::lock_guard lock(m_mutex);
    return m_jobs.empty();
}

void LaunchService::finish() {
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return m_jobs.empty() && !m_busy; });
    }
    m_queue.finish();
}

LaunchService::CachedKernel& LaunchService::kernelFor(const Program& program,
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

void LaunchService::runLaunch(const LaunchRequest& request, Callback& done) {
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

LaunchService::JobId LaunchService::launch(LaunchRequest request, Callback done) {
    auto shared = std::make_shared<LaunchRequest>(std::move(request));
    return enqueue([this, shared](Callback& callback) { runLaunch(*shared, callback); },
                   std::move(done));
}

LaunchFuture LaunchService::promised(const std::function<JobId(Callback)>& submit) {
    auto promise = std::make_shared<std::promise<LaunchResult>>();
    auto future = promise->get_future();
    const JobId id =
        submit([promise](LaunchResult result) { promise->set_value(std::move(result)); });
    return LaunchFuture(std::move(future), m_token, id);
}

LaunchFuture LaunchService::launch(LaunchRequest request) {
    return promised([&](Callback done) { return launch(std::move(request), std::move(done)); });
}

namespace {
// Runs one transfer command and delivers its result when it completed.
template <class Enqueue>
void runTransfer(Enqueue&& enqueue, LaunchResult result, LaunchService::Callback done,
                 bool waitHere) {
    try {
        Event event = enqueue();
        result.ok = true;
        result.event = event;
        deliverWhenComplete({event}, std::move(result), std::move(done), waitHere);
    } catch (const ClError& error) {
        result.code = error.code();
        result.error = error.what();
        done(std::move(result));
    }
}
} // namespace

LaunchService::JobId LaunchService::upload(Buffer buffer, size_t offset,
                                           std::vector<unsigned char> data, Callback done) {
    auto owned = std::make_shared<std::vector<unsigned char>>(std::move(data));
    return enqueue(
        [this, buffer, offset, owned](Callback& callback) {
            runTransfer(
                [&] {
                    return m_queue.write(buffer, offset, owned->size(), owned->data(), false, {},
                                         owned);
                },
                LaunchResult{}, std::move(callback), idle());
        },
        std::move(done));
}

LaunchService::JobId LaunchService::download(Buffer buffer, size_t offset, size_t size,
                                             Callback done) {
    return enqueue(
        [this, buffer, offset, size](Callback& callback) {
            // The bytes land in a buffer the callback's result then owns.
            auto target = std::make_shared<std::vector<unsigned char>>(size);
            Callback withData = [target, inner = std::move(callback)](LaunchResult result) mutable {
                result.data = std::move(*target);
                inner(std::move(result));
            };
            runTransfer(
                [&] {
                    return m_queue.read(buffer, offset, size, target->data(), false, {}, target);
                },
                LaunchResult{}, std::move(withData), idle());
        },
        std::move(done));
}

LaunchFuture LaunchService::download(Buffer buffer, size_t offset, size_t size) {
    return promised(
        [&](Callback done) { return download(std::move(buffer), offset, size, std::move(done)); });
}

LaunchService::JobId LaunchService::fill(Buffer buffer, std::vector<unsigned char> pattern,
                                         size_t offset, size_t size, Callback done) {
    return enqueue(
        [this, buffer, pattern = std::move(pattern), offset, size](Callback& callback) {
            runTransfer(
                [&] { return m_queue.fill(buffer, pattern.data(), pattern.size(), offset, size); },
                LaunchResult{}, std::move(callback), idle());
        },
        std::move(done));
}

} // namespace clw::engine
