#include "bridge/DeviceHosts.h"

#include "bridge/HostStopped.h"
#include "bridge/OclgrindEnvironment.h"

#include "clw/engine/runtime/DeviceChoice.h"

#include <QCoreApplication>
#include <QDebug>
#include <QDir>

#include <filesystem>

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
    std::map<std::string, std::shared_ptr<HostConnection>> listing;
    std::shared_ptr<HostConnection> every;
    {
        std::lock_guard lock(m_mutex);
        hosts.swap(m_hosts);
        listing.swap(m_listing);
        every = std::move(m_everyDriver);
    }
    hosts.clear(); // each closes its host and joins its I/O thread
    listing.clear();
    every.reset();
}

QString DeviceHosts::defaultProgram() {
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("clworkbench-host.exe");
#else
    const QString name = QStringLiteral("clworkbench-host");
#endif
    const QDir here(QCoreApplication::applicationDirPath());
#ifdef Q_OS_MACOS
    // An installed workbench carries its host inside its bundle, beside itself (installer/); the
    // build tree's workbench.app has it beside the bundle, with the tests.
    if (!here.exists(name) && here.path().endsWith(QStringLiteral(".app/Contents/MacOS")))
        return QDir::cleanPath(here.filePath(QStringLiteral("../../../") + name));
#endif
    return here.filePath(name);
}

void DeviceHosts::setEnvironment(const QProcessEnvironment& environment) {
    std::lock_guard lock(m_mutex);
    m_environment = environment;
    // Other drivers, maybe: what was listed and resolved is listed again.
    m_drivers.reset();
    m_devices.reset();
    m_resolved.clear();
    m_platformDriver.clear();
}

void DeviceHosts::setNiceness(int niceness) {
    std::lock_guard lock(m_mutex);
    m_niceness = niceness;
}

void DeviceHosts::setEndedUnseenCallback(std::function<void(const QString&, bool)> callback) {
    std::lock_guard lock(m_mutex);
    m_endedUnseenCallback = std::move(callback);
}

const std::vector<DriverEnvironment>& DeviceHosts::drivers() {
    if (!m_drivers)
        m_drivers = driverEnvironments(m_environment);
    return *m_drivers;
}

std::shared_ptr<HostConnection> DeviceHosts::start(std::shared_ptr<HostConnection>& slot,
                                                   const std::string& platform,
                                                   const QString& label,
                                                   const QProcessEnvironment& environment) {
    HostConnection::Launch launch;
    launch.program = m_program;
    if (!platform.empty())
        launch.arguments = {QStringLiteral("--platform"), QString::fromStdString(platform)};
    launch.environment = environment;
    launch.label = label;
    launch.niceness = m_niceness;
    slot = std::make_shared<HostConnection>(std::move(launch));
    ++m_started;
    if (m_endedUnseenCallback)
        slot->setEndedUnseenCallback([callback = m_endedUnseenCallback, listing = platform.empty()](
                                         const QString& message) { callback(message, listing); });
    return slot;
}

std::shared_ptr<HostConnection> DeviceHosts::host(const std::string& platform) {
    bool listed = false;
    {
        std::lock_guard lock(m_mutex);
        listed = m_devices.has_value() || drivers().size() == 1;
    }
    if (!listed) {
        try {
            devices(); // which driver has the platform
        } catch (const HostStopped&) {
            // No driver listed: the host below starts with every driver and says what fails.
        }
    }
    std::shared_ptr<HostConnection> replaced; // closed outside the lock
    std::lock_guard lock(m_mutex);
    std::shared_ptr<HostConnection>& slot = m_hosts[platform];
    if (slot && !slot->isStopped())
        return slot;
    replaced = std::move(slot);
    const std::vector<DriverEnvironment>& all = drivers();
    const auto found = m_platformDriver.find(platform);
    // A platform that no driver listed (a test's, or gone since) gets every driver, and a host
    // that finds no such platform says so.
    const QProcessEnvironment environment = found != m_platformDriver.end()
                                                ? all[found->second].environment
                                            : all.size() == 1 ? all.front().environment
                                                              : withOclgrind(m_environment);
    return start(slot, platform, QString::fromStdString(platform), environment);
}

std::vector<ListingHost> DeviceHosts::listingHosts() {
    std::vector<std::shared_ptr<HostConnection>> replaced; // closed outside the lock
    std::lock_guard lock(m_mutex);
    std::vector<ListingHost> hosts;
    for (const DriverEnvironment& driver : drivers()) {
        std::shared_ptr<HostConnection>& slot = m_listing[driver.name];
        if (!slot || slot->isStopped()) {
            replaced.push_back(std::move(slot));
            // A listing host that crashes is named after its driver's library: that is what
            // failed, and what a person would uninstall or update.
            const QString label =
                driver.name.empty()
                    ? QStringLiteral("device listing")
                    : QString::fromStdString(
                          std::filesystem::path(driver.library).filename().string());
            start(slot, {}, label, driver.environment);
        }
        hosts.push_back({driver.name, driver.library, slot});
    }
    return hosts;
}

std::shared_ptr<HostConnection> DeviceHosts::everyDriverHost() {
    {
        std::shared_ptr<HostConnection> replaced; // closed outside the lock
        std::lock_guard lock(m_mutex);
        const std::vector<DriverEnvironment>& all = drivers();
        const bool split = all.size() > 1 || !all.front().name.empty();
        if (split) {
            if (!m_everyDriver || m_everyDriver->isStopped()) {
                replaced = std::move(m_everyDriver);
                start(m_everyDriver, {}, QStringLiteral("every OpenCL driver"),
                      withOclgrind(m_environment));
            }
            return m_everyDriver;
        }
    }
    // Not split: the one listing host loads every driver already.
    return listingHosts().front().connection;
}

ResolvedDevice DeviceHosts::resolve(const std::string& choice) {
    {
        std::lock_guard lock(m_mutex);
        if (const auto found = m_resolved.find(choice); found != m_resolved.end())
            return found->second;
    }
    const std::vector<ResolvedDevice> all = devices();
    std::vector<engine::ListedDevice> listed;
    for (const ResolvedDevice& device : all)
        listed.push_back({device.platform, device.device, device.gpu});
    const std::optional<std::size_t> index = engine::chooseListed(listed, choice);
    if (!index) {
        if (choice.empty())
            throw HostRequestFailed("No OpenCL device found: run scripts/setup to install PoCL, "
                                    "or install your GPU's OpenCL driver.");
        throw HostRequestFailed("No OpenCL device matches '" + choice +
                                "': pick one in the status bar's device list.");
    }
    std::lock_guard lock(m_mutex);
    m_resolved[choice] = all[*index];
    return all[*index];
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
    // Every driver lists at once: the slowest start, not their sum.
    const std::vector<ListingHost> hosts = listingHosts();
    std::vector<HostCall> calls;
    for (const ListingHost& host : hosts)
        calls.push_back(host.connection->request("hello", {}, {}, options));
    std::vector<ResolvedDevice> devices;
    std::map<std::string, std::size_t> platformDriver;
    std::optional<HostStopped> failure;
    std::size_t answered = 0;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        try {
            const engine::HostMessage reply = calls[i].reply.get();
            for (const nlohmann::json& device : reply.body.at("devices")) {
                devices.push_back(
                    {device.at("platform"), device.at("device"), device.value("gpu", false)});
                platformDriver.emplace(devices.back().platform, i);
            }
            ++answered;
        } catch (const HostStopped& stopped) {
            // The other drivers' devices are still listed; this one's host said why in the log.
            qWarning().noquote() << stopped.what();
            if (!failure)
                failure = stopped;
        }
    }
    if (answered == 0 && failure)
        throw *failure;
    std::lock_guard lock(m_mutex);
    m_devices = devices;
    m_platformDriver = std::move(platformDriver);
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
        for (const auto& [driver, host] : m_listing)
            hosts.push_back(host);
        if (m_everyDriver)
            hosts.push_back(m_everyDriver);
    }
    for (const std::shared_ptr<HostConnection>& host : hosts)
        host->stop(reason);
}

int DeviceHosts::started() const {
    std::lock_guard lock(m_mutex);
    return m_started;
}

} // namespace clw::ui
