"""Bench peer: Python's zeep (python3-zeep) makes the same sale again and again against the simulator.

One connection per request, like the terminal's client. argv: wsdl-file endpoint iterations warmup request-json.
Prints {"medianMs", "p95Ms", "meanMs", "iterations"} as JSON.
"""
import json
import sys
import time

import requests
import zeep
from zeep.transports import Transport

wsdl, endpoint, iterations, warmup, request_json = sys.argv[1:6]
session = requests.Session()
session.headers['Connection'] = 'close'
client = zeep.Client(wsdl, transport=Transport(session=session))
service = client.create_service(next(iter(client.wsdl.bindings)), endpoint)
request = json.loads(request_json)
times = []
for i in range(int(warmup) + int(iterations)):
    start = time.perf_counter()
    result = service.SendAndCommit(request)
    ms = (time.perf_counter() - start) * 1000
    if result['Transaction_Approved'] is not True:
        sys.stderr.write('the bench sale was not approved\n')
        sys.exit(3)
    if i >= int(warmup):
        times.append(ms)
times.sort()


def at(q):
    return times[min(len(times) - 1, int(q * len(times)))]


print(json.dumps({'medianMs': at(0.5), 'p95Ms': at(0.95), 'meanMs': sum(times) / len(times), 'iterations': len(times)}))
