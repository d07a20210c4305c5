import net from 'node:net'

/**
 * A loopback TCP proxy that a test can cut and restore, to play a database or Redis going away and
 * coming back without touching the real server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => socket.destroy())
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    port = (server.address() as net.AddressInfo).port
  }

  await listen()
  return {
    get port() {
      return port
    },
    /** Refuses new connections and drops the open ones. */
    async cut() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server!.close(() => resolve()))
    },
    /** Listens again on the same port. */
    restore: listen,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()))
    },
  }
}
