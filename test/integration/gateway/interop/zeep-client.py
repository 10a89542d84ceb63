"""Interop: Python's zeep (Debian's python3-zeep) loads our WSDL and calls one operation of the simulator.

argv: wsdl-file endpoint operation request-json. Prints {"result": ..., "request": "<raw xml>"} as JSON.
"""
import json
import sys

import zeep
from zeep.helpers import serialize_object
from zeep.plugins import HistoryPlugin
from lxml import etree

wsdl, endpoint, operation, request_json = sys.argv[1:5]
history = HistoryPlugin()
client = zeep.Client(wsdl, plugins=[history])
binding = next(iter(client.wsdl.bindings))  # the one binding, {tns}ServiceSoap
service = client.create_service(binding, endpoint)
request = json.loads(request_json)
try:
    result = getattr(service, operation)(request)
    out = {'result': serialize_object(result, dict)}
    code = 0
except zeep.exceptions.Fault as fault:
    out = {'fault': {'code': str(fault.code), 'string': fault.message}}
    code = 3
out['request'] = etree.tostring(history.last_sent['envelope']).decode() if history.last_sent else ''
out['action'] = dict(history.last_sent['http_headers']) if history.last_sent else {}
print(json.dumps(out, default=str))
sys.exit(code)
