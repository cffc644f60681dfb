#include "bridge/DeviceHosts.h"

#include "bridge/HostStopped.h"
#include "bridge/OclgrindEnvironment.h"

#include <QCoreApplication>
#include <QDir>

namespace clw::ui {

namespace {
// How long resolving a choice may take: a first OpenCL start-up lists every platform's devices.
constexpr std::chrono::seconds kResolveLimit{60};
} // namespace

DeviceHosts::DeviceHosts(QString program)
    : m_program(program.isEmpty() ? defaultProgram() : std::move(program))
    , m_environment(QProcessEnvironment::systemEnvironment()) {}

DeviceHosts::~DeviceHosts() {
    std::map<std::string, std::shared_ptr<HostConnection>> hosts;
    {
        std::lock_guard lock(m_mutex);
        hosts.swap(m_hosts);
    }
    hosts.clear(); // each closes its host and joins its I/O thread
}

QString DeviceHosts::defaultProgram() {
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("clworkbench-host.exe");
#else
    const QString name = QStringLiteral("clworkbench-host");
#endif
    return QDir(QCoreApplication::applicationDirPath()).filePath(name);
}

void DeviceHosts::setEnvironment(const QProcessEnvironment& environment) {
    std::lock_guard lock(m_mutex);
    m_environment = environment;
}

void DeviceHosts::setNiceness(int niceness) {
    std::lock_guard lock(m_mutex);
    m_niceness = niceness;
}

void DeviceHosts::setStoppedCallback(
    std::function<void(const std::string& platform, const QString&)> callback) {
    std::lock_guard lock(m_mutex);
    m_stoppedCallback = std::move(callback);
}

std::shared_ptr<HostConnection> DeviceHosts::host(const std::string& platform) {
    std::shared_ptr<HostConnection> replaced; // closed outside the lock
    std::lock_guard lock(m_mutex);
    std::shared_ptr<HostConnection>& slot = m_hosts[platform];
    if (slot && !slot->isStopped())
        return slot;
    replaced = std::move(slot);
    HostConnection::Launch launch;
    launch.program = m_program;
    if (!platform.empty())
        launch.arguments = {QStringLiteral("--platform"), QString::fromStdString(platform)};
    // Oclgrind joins the system's drivers in every host (as one more platform, DESIGN.md §2a),
    // unless the environment chose its drivers itself.
    launch.environment = withOclgrind(m_environment);
    launch.label =
        platform.empty() ? QStringLiteral("device listing") : QString::fromStdString(platform);
    launch.niceness = m_niceness;
    slot = std::make_shared<HostConnection>(std::move(launch));
    ++m_started;
    if (m_stoppedCallback) {
        slot->setStoppedCallback([callback = m_stoppedCallback, platform](const QString& message) {
            callback(platform, message);
        });
    }
    return slot;
}

ResolvedDevice DeviceHosts::resolve(const std::string& choice) {
    {
        std::lock_guard lock(m_mutex);
        if (const auto found = m_resolved.find(choice); found != m_resolved.end())
            return found->second;
    }
    HostConnection::Options options;
    options.limit = kResolveLimit;
    options.what = QStringLiteral("listing devices");
    const engine::HostMessage reply =
        host({})->request("resolve", {{"choice", choice}}, {}, options).reply.get();
    ResolvedDevice resolved{reply.body.at("platform"), reply.body.at("device")};
    std::lock_guard lock(m_mutex);
    m_resolved[choice] = resolved;
    return resolved;
}

std::vector<ResolvedDevice> DeviceHosts::devices() {
    {
        std::lock_guard lock(m_mutex);
        if (m_devices)
            return *m_devices;
    }
    HostConnection::Options options;
    options.limit = kResolveLimit;
    options.what = QStringLiteral("listing devices");
    const engine::HostMessage reply = host({})->request("hello", {}, {}, options).reply.get();
    std::vector<ResolvedDevice> devices;
    for (const nlohmann::json& device : reply.body.at("devices"))
        devices.push_back({device.at("platform"), device.at("device")});
    std::lock_guard lock(m_mutex);
    m_devices = devices;
    return devices;
}

void DeviceHosts::stop(const std::string& platform, const QString& reason) {
    std::shared_ptr<HostConnection> host;
    {
        std::lock_guard lock(m_mutex);
        if (const auto found = m_hosts.find(platform); found != m_hosts.end())
            host = found->second;
    }
    if (host)
        host->stop(reason);
}

void DeviceHosts::stopAll(const QString& reason) {
    std::vector<std::shared_ptr<HostConnection>> hosts;
    {
        std::lock_guard lock(m_mutex);
        for (const auto& [platform, host] : m_hosts)
            hosts.push_back(host);
    }
    for (const std::shared_ptr<HostConnection>& host : hosts)
        host->stop(reason);
}

int DeviceHosts::started() const {
    std::lock_guard lock(m_mutex);
    return m_started;
}

} // namespace clw::ui
